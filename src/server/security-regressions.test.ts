import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "#shared/account.ts";
import { INTEGRATION_MESSAGES } from "#shared/domain/integrations.ts";
import { PG_INTEGER_MAX, unstorableMessage } from "#shared/schemas/common.ts";
import { FACULTY_POLICY_MESSAGES } from "./modules/faculty/faculty.policy.ts";
import {
  buildFaculty,
  buildProjectInput,
  createProjectViaApi,
  signedInFaculty,
  signIn,
} from "./test/factories.ts";
import { createTestApp, type TestApp } from "./test/test-app.ts";

/**
 * One regression test per defect of the security probe, each named after it. Defect 5 (sign-in
 * lockout) is in auth.test.ts, defect 8 (file modes, APP_SECRET_FILE) in index.test.ts, and the
 * rate limits of defect 9 in contributions.test.ts.
 */
let t: TestApp;
type Who = Awaited<ReturnType<typeof signedInFaculty>>;
let superAdmin: Who;
let harvardAdmin: Who;
let harvardMember: Who;
let otherInstructor: Who;
let otherAdmin: Who;
let student: Who;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await signedInFaculty(t.app, t.database.db, { role: "super_admin", institution: "Harvard" });
  harvardAdmin = await signedInFaculty(t.app, t.database.db, { role: "admin", institution: "Harvard" });
  harvardMember = await signedInFaculty(t.app, t.database.db, { institution: "Harvard" });
  otherInstructor = await signedInFaculty(t.app, t.database.db, { institution: "Other College" });
  otherAdmin = await signedInFaculty(t.app, t.database.db, { role: "admin", institution: "Other College" });
  student = await signedInFaculty(t.app, t.database.db, { role: "student", institution: "Harvard" });
});
afterAll(() => t?.close());

const call = (who: Who | undefined, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, ...who?.headers } });

describe("defect 1: the institution is a tenant boundary its members cannot move", () => {
  it("answers 403 to the probe's exact sequence and shows nothing of the other institution", async () => {
    const shared = await call(harvardAdmin, {
      method: "POST",
      url: "/api/integrations/connect",
      payload: {
        integrationId: "notebooklm",
        isAdminManaged: true,
        parameters: { endpoint: "https://notebooklm.harvard.example", settings: { workspace: "fas" } },
      },
    });
    expect(shared.statusCode).toBe(201);

    const move = await call(otherInstructor, {
      method: "PUT",
      url: `/api/faculty/${otherInstructor.faculty.id}`,
      payload: { institution: "Harvard" },
    });
    expect(move.statusCode).toBe(403);
    expect(move.json().message).toBe(FACULTY_POLICY_MESSAGES.institutionChange);

    const seen = await call(otherInstructor, { method: "GET", url: "/api/integrations" });
    expect(seen.json().adminConnections).toEqual([]);
    expect(seen.body).not.toContain("harvard.example");
    const connect = await call(otherInstructor, {
      method: "POST",
      url: "/api/integrations/connect",
      payload: { integrationId: "notebooklm" },
    });
    expect(connect.statusCode).toBe(403);
    expect(connect.json().message).toBe(INTEGRATION_MESSAGES.needsAdmin);
    const me = await call(otherInstructor, { method: "GET", url: "/api/auth/me" });
    expect(me.json().faculty.institution).toBe("Other College");
  });

  it("lets a person fix the spelling of their institution, but only the super admin moves them", async () => {
    const respell = await call(harvardMember, {
      method: "PUT",
      url: `/api/faculty/${harvardMember.faculty.id}`,
      payload: { institution: "harvard" },
    });
    expect(respell.statusCode).toBe(200);
    const byOtherAdmin = await call(otherAdmin, {
      method: "PUT",
      url: `/api/faculty/${otherInstructor.faculty.id}`,
      payload: { institution: "Harvard" },
    });
    expect(byOtherAdmin.statusCode).toBe(403);

    const newcomer = await signedInFaculty(t.app, t.database.db, { institution: "Visiting Scholars" });
    const moved = await call(superAdmin, {
      method: "PUT",
      url: `/api/faculty/${newcomer.faculty.id}`,
      payload: { institution: "Harvard" },
    });
    expect(moved.statusCode).toBe(200);
    const seen = await call(newcomer, { method: "GET", url: "/api/integrations" });
    expect(seen.json().adminConnections.map((row: { integrationId: string }) => row.integrationId)).toContain(
      "notebooklm",
    );
  });

  it("keeps an admin to the accounts of their own institution", async () => {
    const pending = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: buildFaculty({ institution: "Harvard" }),
    });
    expect(pending.statusCode).toBe(201);
    const harvardList = await call(harvardAdmin, { method: "GET", url: "/api/admin/users?status=approved" });
    const otherList = await call(otherAdmin, { method: "GET", url: "/api/admin/users?status=approved" });
    const institutions = (reply: typeof harvardList) =>
      new Set(reply.json().map((row: { institution: string }) => row.institution.toLowerCase()));
    expect([...institutions(harvardList)]).toEqual(["harvard"]);
    expect([...institutions(otherList)]).toEqual(["other college"]);
    const superList = await call(superAdmin, { method: "GET", url: "/api/admin/users?status=approved" });
    expect(institutions(superList).size).toBeGreaterThan(1);

    for (const url of [
      `/api/admin/users/${harvardMember.faculty.id}/reject`,
      `/api/admin/users/${harvardMember.faculty.id}/approve`,
    ]) {
      const reply = await call(otherAdmin, { method: "POST", url });
      expect(reply.statusCode, url).toBe(403);
      expect(reply.json().message).toBe(FACULTY_POLICY_MESSAGES.otherInstitution);
    }
    const created = await call(otherAdmin, {
      method: "POST",
      url: "/api/faculty",
      payload: buildFaculty({ institution: "Harvard" }),
    });
    expect(created.statusCode).toBe(403);
  });
});

describe("defect 2: text PostgreSQL cannot store answers 400 naming the field, never 500", () => {
  it("refuses NUL and lone surrogates in bodies, anonymous routes included", async () => {
    for (const name of ["Ada\u0000", "Ada\ud800", "\udc00Ada"]) {
      const reply = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: buildFaculty({ name }),
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(unstorableMessage("Name"));
    }
    const project = await createProjectViaApi(t.app, harvardMember.headers);
    const contribution = await t.app.inject({
      method: "POST",
      url: `/api/public/contributions/${project.contributionToken}`,
      payload: { studentName: "Sam\u0000", contributionType: "question", content: "Is this stored safely?" },
    });
    expect(contribution.statusCode).toBe(400);
    expect(contribution.json().message).toBe(unstorableMessage("Name"));
    const methodology = await call(harvardMember, {
      method: "POST",
      url: "/api/projects",
      payload: buildProjectInput({
        methodology: { ...buildProjectInput().methodology, timeline: "6 weeks\ud800" },
      }),
    });
    expect(methodology.statusCode).toBe(400);
    expect(methodology.json().message).toBe(unstorableMessage("An answer"));
    const event = await call(harvardMember, {
      method: "POST",
      url: "/api/analytics",
      payload: { eventType: "template_used", eventData: { nested: ["ok", "bad\u0000"] } },
    });
    expect(event.statusCode).toBe(400);
    expect(event.json().message).toBe(unstorableMessage("Event data"));
  });

  it("refuses them in path parameters, and drops them from search text", async () => {
    const link = await t.app.inject({ method: "GET", url: "/api/public/contributions/%00" });
    expect(link.statusCode).toBe(400);
    expect(link.json().message).toBe(unstorableMessage("Contribution token"));
    const search = await call(harvardMember, { method: "GET", url: "/api/templates/search?q=%00" });
    expect(search.statusCode).toBe(200);
    const surrogate = await call(harvardMember, { method: "GET", url: "/api/templates/search?q=%ED%A0%80" });
    expect(surrogate.statusCode).toBeLessThan(500);
  });
});

describe("defect 3: ids beyond PostgreSQL's integer answer 400 or 404, never 500", () => {
  it("on every :id route and on ids in bodies", async () => {
    const failures: string[] = [];
    for (const entry of t.app.routeCatalog) {
      if (entry.method === "HEAD" || !/:(id|projectId|facultyId|connectionId)\b/.test(entry.url)) continue;
      for (const value of [String(PG_INTEGER_MAX + 1), "99999999999999999999"]) {
        const url = entry.url.replace(/:(id|projectId|facultyId|connectionId)\b/g, value);
        const reply = await call(superAdmin, {
          method: entry.method as InjectOptions["method"],
          url,
          ...(["POST", "PUT"].includes(entry.method) ? { payload: {} } : {}),
        });
        if (![400, 403, 404].includes(reply.statusCode))
          failures.push(`${entry.method} ${url} -> ${reply.statusCode}`);
      }
    }
    expect(failures).toEqual([]);

    const body = await call(harvardMember, {
      method: "POST",
      url: "/api/contributions",
      payload: {
        projectId: PG_INTEGER_MAX + 1,
        studentName: "Sam",
        contributionType: "question",
        content: "A question here",
      },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe("Invalid project id");
    const templateId = await call(harvardMember, {
      method: "POST",
      url: "/api/projects",
      payload: buildProjectInput({ templateId: PG_INTEGER_MAX + 1 }),
    });
    expect(templateId.statusCode).toBe(400);
  });
});

describe("defect 4: /api/faculty/email/%25 is decoded once", () => {
  it("answers 403 to an instructor and 400 to an admin, not 500", async () => {
    const instructor = await call(harvardMember, { method: "GET", url: "/api/faculty/email/%25" });
    expect(instructor.statusCode).toBe(403);
    const admin = await call(harvardAdmin, { method: "GET", url: "/api/faculty/email/%25" });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().message).toBe("Please enter a valid email address");
    // An address with a percent sign in it is still found, once decoded.
    const own = await call(harvardMember, {
      method: "GET",
      url: `/api/faculty/email/${encodeURIComponent(harvardMember.faculty.email)}`,
    });
    expect(own.statusCode).toBe(200);
  });
});

describe("defect 6: an admin edits only accounts below their own role", () => {
  it("refuses the Super Admin's and another admin's profile, allows a member's", async () => {
    const onSuper = await call(harvardAdmin, {
      method: "PUT",
      url: `/api/faculty/${superAdmin.faculty.id}`,
      payload: { title: "Renamed by an admin" },
    });
    expect(onSuper.statusCode).toBe(403);
    expect(onSuper.json().message).toBe(FACULTY_POLICY_MESSAGES.higherRole);
    const peer = await signedInFaculty(t.app, t.database.db, { role: "admin", institution: "Harvard" });
    const onPeer = await call(harvardAdmin, {
      method: "PUT",
      url: `/api/faculty/${peer.faculty.id}`,
      payload: { title: "Renamed by a peer" },
    });
    expect(onPeer.statusCode).toBe(403);
    const onMember = await call(harvardAdmin, {
      method: "PUT",
      url: `/api/faculty/${harvardMember.faculty.id}`,
      payload: { title: "Professor" },
    });
    expect(onMember.statusCode).toBe(200);
    const bySuper = await call(superAdmin, {
      method: "PUT",
      url: `/api/faculty/${peer.faculty.id}`,
      payload: { title: "Dean" },
    });
    expect(bySuper.statusCode).toBe(200);
    const superNow = await call(superAdmin, { method: "GET", url: "/api/auth/me" });
    expect(superNow.json().faculty.title).not.toBe("Renamed by an admin");
  });
});

describe("defect 7: students reach no instructor feature", () => {
  it("answers 403 to every instructor call the probe made, and spends no AI key", async () => {
    const calls: InjectOptions[] = [
      { method: "POST", url: "/api/projects", payload: buildProjectInput() },
      { method: "POST", url: "/api/templates", payload: {} },
      {
        method: "POST",
        url: "/api/objective-conversions/generate",
        payload: { originalObjective: "Students will understand hashing.", discipline: "blockchain" },
      },
      { method: "POST", url: "/api/integrations/connect", payload: { integrationId: "github" } },
      { method: "GET", url: "/api/analytics/presentation" },
    ];
    for (const options of calls) {
      const reply = await call(student, options);
      expect(reply.statusCode, String(options.url)).toBe(403);
      expect(reply.json().message).toBe(AUTH_MESSAGES.studentForbidden);
    }
    const me = await call(student, { method: "GET", url: "/api/auth/me" });
    expect(me.statusCode).toBe(200);
    expect(me.json().faculty.role).toBe("student");
  });
});

describe("defect 9: sessions after an e-mail change, the cookie behind a proxy, caching", () => {
  it("ends the person's other sessions when the e-mail changes, as a password change does", async () => {
    const person = await signedInFaculty(t.app, t.database.db, { institution: "Harvard" });
    const otherDevice = await signIn(t.app, person.faculty.email);
    const change = await call(person, {
      method: "PUT",
      url: "/api/auth/email",
      payload: { password: person.faculty.password, newEmail: `moved.${person.faculty.id}@harvard.test` },
    });
    expect(change.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { authorization: `Bearer ${otherDevice}` },
    });
    expect(stale.statusCode).toBe(401);
    const current = await call(person, { method: "GET", url: "/api/auth/me" });
    expect(current.json().faculty.email).toBe(`moved.${person.faculty.id}@harvard.test`);
  });

  it("sets a Secure cookie behind a trusted TLS proxy, and trusts no forwarded header by default", async () => {
    const proxied = await createTestApp({ database: t.database, config: { trustProxy: true } });
    const login = (app: TestApp) =>
      app.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" },
        payload: { email: harvardMember.faculty.email, password: harvardMember.faculty.password },
      });
    try {
      const behindProxy = String((await login(proxied)).headers["set-cookie"]);
      expect(behindProxy).toMatch(/pl_session=.*; Secure/);
      const direct = String((await login(t)).headers["set-cookie"]);
      expect(direct).toMatch(/pl_session=/);
      expect(direct).not.toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
  });

  it("sends Cache-Control: no-store on every API answer, errors included", async () => {
    for (const [who, url] of [
      [harvardMember, "/api/auth/me"],
      [harvardMember, "/api/projects/faculty/0"],
      [undefined, "/api/health"],
      [undefined, "/api/nothing-here"],
    ] as const) {
      const reply = await call(who, { method: "GET", url });
      expect(reply.headers["cache-control"], url).toBe("no-store");
    }
  });
});
