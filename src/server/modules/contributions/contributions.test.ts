import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTRIBUTION_MESSAGES, type ContributionType } from "#shared/schemas/contributions.ts";
import type { Project } from "#shared/schemas/projects.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, passTime, type TestApp } from "../../test/test-app.ts";
import { contributionTable } from "./contributions.table.ts";

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInFaculty>>;
let stranger: Awaited<ReturnType<typeof signedInFaculty>>;
let student: Awaited<ReturnType<typeof signedInFaculty>>;
let project: Project;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInFaculty(t.app, t.database.db);
  stranger = await signedInFaculty(t.app, t.database.db);
  student = await signedInFaculty(t.app, t.database.db, { role: "student" });
  project = await createProjectViaApi(t.app, owner.headers, { title: "Harbour Water Study" });
});
afterAll(() => t?.close());

const inject = (options: InjectOptions) => t.app.inject(options);
const contribute = (token: string, payload: InjectOptions["payload"], headers: Record<string, string> = {}) =>
  inject({ method: "POST", url: `/api/public/contributions/${token}`, payload, headers });
const sample = {
  studentName: "Maya Chen",
  studentEmail: "Maya.Chen@students.test",
  contributionType: "suggestion",
  content: "Could we add a sampling site downstream of the marina?",
};
const list = (headers: Record<string, string>) =>
  inject({ method: "GET", url: `/api/contributions/project/${project.id}`, headers });

describe("the public contribution link", () => {
  it("shows the project title without an account, and takes a contribution", async () => {
    const info = await inject({
      method: "GET",
      url: `/api/public/contributions/${project.contributionToken}`,
    });
    expect(info.json()).toEqual({ projectTitle: "Harbour Water Study" });
    const reply = await contribute(project.contributionToken, sample);
    expect(reply.statusCode).toBe(201);
    expect(reply.json().message).toBe(CONTRIBUTION_MESSAGES.received);
    const contributions = (await list(owner.headers)).json();
    expect(contributions[0]).toMatchObject({
      studentName: "Maya Chen",
      studentEmail: "maya.chen@students.test",
      contributionType: "suggestion",
      status: "pending",
    });
    const events = await inject({
      method: "GET",
      url: `/api/analytics/faculty/${owner.faculty.id}?eventType=collaboration_added`,
      headers: owner.headers,
    });
    expect(events.json()[0].eventData).toMatchObject({
      projectId: project.id,
      contributionType: "suggestion",
    });
  });

  it("keeps script tags as plain text", async () => {
    const content = '<script>alert("x")</script> and <img src=x onerror=alert(1)> as text';
    await contribute(project.contributionToken, { ...sample, studentName: "<b>Eve</b>", content });
    const [latest] = (await list(owner.headers)).json();
    expect(latest).toMatchObject({ studentName: "<b>Eve</b>", content });
  });

  it("works for a signed-in student too", async () => {
    const reply = await contribute(
      project.contributionToken,
      { ...sample, studentName: "Signed In" },
      student.headers,
    );
    expect(reply.statusCode).toBe(201);
  });

  it("answers an unknown or regenerated token with 404 and a message", async () => {
    const unknown = await contribute("not-a-real-token", sample);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CONTRIBUTION_MESSAGES.invalidLink);
    const other = await createProjectViaApi(t.app, owner.headers);
    await inject({
      method: "POST",
      url: `/api/projects/${other.id}/contribution-token`,
      headers: owner.headers,
    });
    expect((await contribute(other.contributionToken, sample)).statusCode).toBe(404);
    expect(
      (await inject({ method: "GET", url: `/api/public/contributions/${other.contributionToken}` }))
        .statusCode,
    ).toBe(404);
  });

  it("refuses empty, oversized and mistyped contributions with 400", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ content: "too short" }, "Contribution must be at least 10 characters"],
      [{ content: "x".repeat(5001) }, "Contribution must be at most 5,000 characters"],
      [{ contributionType: "complaint" }, "Type must be suggestion, reflection, feedback or question"],
      [{ studentName: " " }, "Name is required"],
      [{ studentEmail: "not-an-email" }, "Please enter a valid email address"],
    ];
    for (const [override, message] of cases) {
      const reply = await contribute(project.contributionToken, { ...sample, ...override });
      expect(reply.statusCode, JSON.stringify(override)).toBe(400);
      expect(reply.json().message).toBe(message);
    }
    expect((await contribute(project.contributionToken, { ...sample, status: "approved" })).statusCode).toBe(
      400,
    );
  });

  it("is rate limited per address", async () => {
    const local = await createTestApp({
      database: t.database,
      config: {
        rateLimit: { contributionsPerMinute: 3 },
      },
    });
    try {
      const me = await signedInFaculty(local.app, local.database.db);
      const own = await createProjectViaApi(local.app, me.headers);
      const send = (remoteAddress: string) =>
        local.app.inject({
          method: "POST",
          url: `/api/public/contributions/${own.contributionToken}`,
          payload: sample,
          remoteAddress,
        });
      for (let i = 0; i < 3; i += 1) expect((await send("10.1.1.1")).statusCode).toBe(201);
      const limited = await send("10.1.1.1");
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(CONTRIBUTION_MESSAGES.rateLimited);
      expect((await send("10.1.1.2")).statusCode).toBe(201);
    } finally {
      await local.close();
    }
  });

  it("defect 9: limits link look-ups per address and signed-in contributions per person", async () => {
    const local = await createTestApp({
      database: t.database,
      config: { rateLimit: { contributionsPerMinute: 2, linkLookupsPerMinute: 3 } },
    });
    try {
      const me = await signedInFaculty(local.app, local.database.db);
      const own = await createProjectViaApi(local.app, me.headers);
      const lookUp = (token: string, remoteAddress = "10.2.2.2") =>
        local.app.inject({ method: "GET", url: `/api/public/contributions/${token}`, remoteAddress });
      // Guessing tokens: unknown ones count as much as the real one.
      expect((await lookUp("guess-1")).statusCode).toBe(404);
      expect((await lookUp("guess-2")).statusCode).toBe(404);
      expect((await lookUp(own.contributionToken)).statusCode).toBe(200);
      const limited = await lookUp(own.contributionToken);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(CONTRIBUTION_MESSAGES.lookupsLimited);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect((await lookUp(own.contributionToken, "10.2.2.3")).statusCode).toBe(200);

      const contribute = (remoteAddress: string) =>
        local.app.inject({
          method: "POST",
          url: "/api/contributions",
          headers: me.headers,
          remoteAddress,
          payload: { ...sample, projectId: own.id },
        });
      expect((await contribute("10.3.3.1")).statusCode).toBe(201);
      expect((await contribute("10.3.3.2")).statusCode).toBe(201);
      // The same person from a third address: still counted as one.
      expect((await contribute("10.3.3.3")).statusCode).toBe(429);
      passTime(local.clock, 61_000);
      expect((await contribute("10.3.3.3")).statusCode).toBe(201);
    } finally {
      await local.close();
    }
  });
});

describe("reviewing contributions", () => {
  it("lets only the project's owner list them and change their status", async () => {
    expect((await list(stranger.headers)).statusCode).toBe(404);
    const [first] = (await list(owner.headers)).json();
    const byStranger = await inject({
      method: "PUT",
      url: `/api/contributions/${first.id}/status`,
      headers: stranger.headers,
      payload: { status: "approved" },
    });
    expect(byStranger.statusCode).toBe(404);
    for (const status of ["approved", "implemented", "rejected", "pending"]) {
      const reply = await inject({
        method: "PUT",
        url: `/api/contributions/${first.id}/status`,
        headers: owner.headers,
        payload: { status },
      });
      expect(reply.json().status).toBe(status);
    }
    const bad = await inject({
      method: "PUT",
      url: `/api/contributions/${first.id}/status`,
      headers: owner.headers,
      payload: { status: "done" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Status must be pending, approved, implemented or rejected");
  });

  it("takes signed-in contributions for one's own project, or with the project's token", async () => {
    const own = await inject({
      method: "POST",
      url: "/api/contributions",
      headers: owner.headers,
      payload: { ...sample, projectId: project.id },
    });
    expect(own.statusCode).toBe(201);
    const withoutToken = await inject({
      method: "POST",
      url: "/api/contributions",
      headers: stranger.headers,
      payload: { ...sample, projectId: project.id },
    });
    expect(withoutToken.statusCode).toBe(404);
    const withToken = await inject({
      method: "POST",
      url: "/api/contributions",
      headers: stranger.headers,
      payload: { ...sample, projectId: project.id, contributionToken: project.contributionToken },
    });
    expect(withToken.statusCode).toBe(201);
    const otherProject = await createProjectViaApi(t.app, owner.headers);
    const mismatched = await inject({
      method: "POST",
      url: "/api/contributions",
      headers: stranger.headers,
      payload: { ...sample, projectId: otherProject.id, contributionToken: project.contributionToken },
    });
    expect(mismatched.statusCode).toBe(404);
  });
});

describe("contributions a page at a time, filtered on the server", () => {
  it("pages one's contributions across projects, filters them, and counts students by e-mail or name", async () => {
    const teacher = await signedInFaculty(t.app, t.database.db);
    const other = await signedInFaculty(t.app, t.database.db);
    const rivers = await createProjectViaApi(t.app, teacher.headers, { title: "Rivers" });
    const soils = await createProjectViaApi(t.app, teacher.headers, { title: "Soils" });
    const elsewhere = await createProjectViaApi(t.app, other.headers, { title: "Not yours" });
    const rows: Array<
      [projectId: number, owner: number, name: string, email: string | null, type: ContributionType]
    > = [
      [rivers.id, teacher.faculty.id, "Ana", "ana@students.test", "suggestion"],
      [rivers.id, teacher.faculty.id, "Ana B.", "ANA@students.test", "reflection"],
      [soils.id, teacher.faculty.id, "Ben", null, "question"],
      [soils.id, teacher.faculty.id, "ben", "", "suggestion"],
      [soils.id, teacher.faculty.id, "Cy", "cy@students.test", "feedback"],
      [elsewhere.id, other.faculty.id, "Dee", "dee@students.test", "suggestion"],
    ];
    let minute = 0;
    for (const [projectId, projectOwnerId, studentName, studentEmail, contributionType] of rows) {
      await t.database.db.insert(contributionTable).values({
        projectId,
        projectOwnerId,
        studentName,
        studentEmail,
        contributionType,
        content: `Idea number ${minute} about sampling`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute++)),
      });
    }
    const get = async (url: string, headers = teacher.headers) => {
      const reply = await inject({ method: "GET", url, headers });
      return { status: reply.statusCode, total: reply.headers["x-total-count"], body: reply.json() };
    };
    const names = (body: Array<{ studentName: string }>) => body.map((item) => item.studentName);

    const first = await get("/api/contributions?limit=2");
    expect(first.total).toBe("5");
    expect(names(first.body)).toEqual(["Cy", "ben"]);
    expect(first.body[0]).toMatchObject({ projectId: soils.id, projectTitle: "Soils", status: "pending" });
    expect(names((await get("/api/contributions?limit=2&offset=4")).body)).toEqual(["Ana"]);
    expect(names((await get(`/api/contributions?projectId=${rivers.id}`)).body)).toEqual(["Ana B.", "Ana"]);
    expect(names((await get("/api/contributions?type=suggestion")).body)).toEqual(["ben", "Ana"]);
    expect(names((await get("/api/contributions?q=ANA")).body)).toEqual(["Ana B.", "Ana"]);
    expect((await get("/api/contributions?q=number%203")).total).toBe("1");
    // Another person's project filters to nothing: nobody reads contributions they do not own.
    expect(await get(`/api/contributions?projectId=${elsewhere.id}`)).toMatchObject({ total: "0", body: [] });

    const [cy] = first.body;
    await inject({
      method: "PUT",
      url: `/api/contributions/${cy.id}/status`,
      headers: teacher.headers,
      payload: { status: "implemented" },
    });
    expect(names((await get("/api/contributions?status=pending")).body)).toEqual([
      "ben",
      "Ben",
      "Ana B.",
      "Ana",
    ]);
    // Ana twice by e-mail (case aside), Ben twice by name (no e-mail), Cy: three students.
    expect((await get("/api/contributions/summary")).body).toEqual({
      activeStudents: 3,
      total: 5,
      pending: 4,
      implemented: 1,
    });
    expect((await get(`/api/contributions/summary?projectId=${rivers.id}`)).body).toEqual({
      activeStudents: 1,
      total: 2,
      pending: 2,
      implemented: 0,
    });
    expect((await get("/api/contributions/summary", other.headers)).body).toMatchObject({ total: 1 });
    // spec A §2: what the instructor sent with their own e-mail comes first of all.
    await t.database.db.insert(contributionTable).values({
      projectId: rivers.id,
      projectOwnerId: teacher.faculty.id,
      studentName: "Me, testing",
      studentEmail: teacher.faculty.email.toUpperCase(),
      contributionType: "question",
      content: "Does the link work?",
      createdAt: new Date(Date.UTC(2025, 0, 1)),
    });
    expect(names((await get("/api/contributions?limit=2")).body)).toEqual(["Me, testing", "Cy"]);

    const perProject = await get(`/api/contributions/project/${soils.id}?limit=1&offset=1&status=pending`);
    expect(perProject).toMatchObject({ total: "2" });
    expect(names(perProject.body)).toEqual(["Ben"]);
    expect(perProject.body[0]).not.toHaveProperty("projectTitle");
    expect((await get(`/api/contributions/project/${soils.id}`, other.headers)).status).toBe(404);

    const bad = await get("/api/contributions?type=essay");
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.body.message).toBe("Type must be suggestion, reflection, feedback or question");
    expect((await get("/api/contributions?offset=-1")).status).toBe(400);
    expect((await get("/api/contributions/summary?projectId=abc")).body.message).toBe("Invalid project id");
  });
});

describe("Active Students", () => {
  it("does not count a deleted account's contributions, kept as Former student", async () => {
    const teacher = await signedInFaculty(t.app, t.database.db);
    const lab = await createProjectViaApi(t.app, teacher.headers, { title: "Tide Pool Lab" });
    const ned = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ned Student" });
    const joined = await inject({
      method: "POST",
      url: "/api/student/join",
      headers: ned.headers,
      payload: { code: lab.joinCode },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const sent = await inject({
      method: "POST",
      url: `/api/student/projects/${lab.id}/contributions`,
      headers: ned.headers,
      payload: { contributionType: "reflection", content: "The tide pools taught me patience." },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await contribute(lab.contributionToken, sample)).statusCode).toBe(201);
    const summary = async () =>
      (await inject({ method: "GET", url: "/api/contributions/summary", headers: teacher.headers })).json();
    expect(await summary()).toMatchObject({ activeStudents: 2, total: 2 });

    const deleted = await inject({
      method: "DELETE",
      url: "/api/student/account",
      headers: ned.headers,
      payload: { password: ned.faculty.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    // The contribution stays with the project, under "Former student"; nobody is active behind it.
    const rows = (
      await inject({ method: "GET", url: `/api/contributions/project/${lab.id}`, headers: teacher.headers })
    ).json();
    expect(rows.map((row: { studentName: string }) => row.studentName).sort()).toEqual([
      "Former student",
      "Maya Chen",
    ]);
    expect(await summary()).toEqual({ activeStudents: 1, total: 2, pending: 2, implemented: 0 });
  });
});
