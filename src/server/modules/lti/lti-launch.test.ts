import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LTI_MESSAGES } from "#shared/schemas/lti.ts";
import { createProjectViaApi, insertFaculty, signedInFaculty } from "../../test/factories.ts";
import {
  LTI_CLAIMS,
  LTI_ROLES,
  type LtiTestPlatform,
  type PlatformCourse,
  type PreparedLaunch,
  startLtiTestPlatform,
} from "../../test/lti-test-platform.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { enrolmentTable } from "../enrolment/enrolment.table.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { ltiProjectLinkTable } from "./lti.table.ts";
import { LTI_LAUNCH_MESSAGES } from "./lti-launch.service.ts";
import { LTI_REFUSALS } from "./lti-refusals.ts";

const PUBLIC_URL = "https://pbl.uni.test";
const INSTITUTION = "Test University";
const FORM = { "content-type": "application/x-www-form-urlencoded" };

let t: TestApp;
let platform: LtiTestPlatform;
let superAdmin: Awaited<ReturnType<typeof signedInFaculty>>;
let sequence = 0;

async function register(lms: LtiTestPlatform, institution = INSTITUTION) {
  lms.trustToolKeyset(async () => (await t.app.inject({ url: "/lti/jwks" })).json());
  const response = await t.app.inject({
    method: "POST",
    url: "/api/admin/lti/platforms",
    headers: superAdmin.headers,
    payload: lms.registration(institution),
  });
  expect(response.statusCode).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
  superAdmin = await signedInFaculty(t.app, t.database.db, { role: "super_admin" });
  platform = await startLtiTestPlatform();
  await register(platform);
});
afterAll(async () => {
  await platform?.close();
  await t?.close();
});

function person(role: keyof typeof LTI_ROLES, overrides: Partial<PreparedLaunch["user"]> = {}) {
  sequence += 1;
  return {
    sub: `user-${sequence}`,
    name: `Person ${sequence}`,
    email: `person${sequence}@lms.test`,
    roles: [LTI_ROLES[role]],
    ...overrides,
  };
}

function course(): PlatformCourse {
  sequence += 1;
  return platform.addCourse({ id: `course-${sequence}`, title: `Course ${sequence}`, members: [] });
}

/** A plain page's text, its character references read. */
const pageText = (html: string) =>
  html
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The browser's part: the platform's login form to the tool, its redirect to the platform, the form back. */
async function launchForm(launch: PreparedLaunch, lms = platform) {
  const login = await t.app.inject({
    method: "POST",
    url: "/lti/login",
    headers: FORM,
    payload: form(lms.loginFields(launch, `${PUBLIC_URL}/lti/launch`)),
  });
  expect(login.statusCode, login.body).toBe(302);
  return lms.authorize(String(login.headers.location));
}

const postLaunch = (fields: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/lti/launch", headers: FORM, payload: form(fields) });

/** A launch through to the exchanged code: the session and where it leads. */
async function launchAndExchange(launch: PreparedLaunch) {
  const answer = await postLaunch((await launchForm(launch)).fields);
  expect(answer.statusCode, answer.body).toBe(303);
  const code = new URL(String(answer.headers.location), PUBLIC_URL).searchParams.get("code") ?? "";
  const exchanged = await t.app.inject({ method: "POST", url: "/api/lti/exchange", payload: { code } });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  const body = exchanged.json() as {
    sessionId: string;
    faculty: { id: number; role: string; institution: string; email: string };
    next: { path?: string; message?: string };
  };
  return { ...body, code, headers: { authorization: `Bearer ${body.sessionId}` } };
}

async function accountCount() {
  return (await t.database.db.select({ id: facultyTable.id }).from(facultyTable)).length;
}

describe("an LTI 1.3 launch", () => {
  it("signs an instructor in, lets them link the course's link to their project, then opens it", async () => {
    const instructor = person("instructor");
    const section = course();
    const first = await launchAndExchange({ user: instructor, course: section, resourceLinkId: "link-a" });
    expect(first.faculty).toMatchObject({
      role: "instructor",
      institution: INSTITUTION,
      email: instructor.email,
    });
    const launchId = first.next.path?.replace("/lti/link/", "") ?? "";
    expect(first.next.path).toBe(`/lti/link/${launchId}`);

    const summary = await t.app.inject({ url: `/api/lti/launches/${launchId}`, headers: first.headers });
    expect(summary.json()).toMatchObject({
      messageType: "LtiResourceLinkRequest",
      courseTitle: section.title,
    });

    const someoneElse = await signedInFaculty(t.app, t.database.db);
    const theirs = await createProjectViaApi(t.app, someoneElse.headers);
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/lti/launches/${launchId}/link`,
      headers: first.headers,
      payload: { projectId: theirs.id },
    });
    expect(refused.statusCode).toBe(404);

    const project = await createProjectViaApi(t.app, first.headers);
    const linked = await t.app.inject({
      method: "POST",
      url: `/api/lti/launches/${launchId}/link`,
      headers: first.headers,
      payload: { projectId: project.id },
    });
    expect(linked.json()).toEqual({ path: `/projects/${project.id}` });

    const again = await launchAndExchange({ user: instructor, course: section, resourceLinkId: "link-a" });
    expect(again.faculty.id).toBe(first.faculty.id);
    expect(again.next).toEqual({ path: `/projects/${project.id}` });
    const [link] = await t.database.db
      .select()
      .from(ltiProjectLinkTable)
      .where(eq(ltiProjectLinkTable.resourceLinkId, "link-a"));
    expect(link).toMatchObject({ projectId: project.id, contextTitle: section.title });
    expect(link?.membershipsUrl).toBe(`${platform.issuer}/courses/${section.id}/memberships`);

    // A learner of that link lands on the project's page, enrolled from the LMS without a join code.
    const learner = await launchAndExchange({
      user: person("learner"),
      course: section,
      resourceLinkId: "link-a",
    });
    expect(learner.faculty.role).toBe("student");
    expect(learner.next).toEqual({ path: `/student/projects/${project.id}` });
    const [enrolment] = await t.database.db
      .select()
      .from(enrolmentTable)
      .where(eq(enrolmentTable.studentId, learner.faculty.id));
    expect(enrolment).toMatchObject({ projectId: project.id, source: "lms" });
    const own = await t.app.inject({ url: `/api/student/projects/${project.id}`, headers: learner.headers });
    expect(own.statusCode).toBe(200);
  });

  it("tells a learner when the link has no project yet, and hands a session over only once", async () => {
    const learner = await launchAndExchange({
      user: person("learner"),
      course: course(),
      resourceLinkId: "unlinked",
    });
    expect(learner.next).toEqual({ message: LTI_LAUNCH_MESSAGES.notLinked });
    const replay = await t.app.inject({
      method: "POST",
      url: "/api/lti/exchange",
      payload: { code: learner.code },
    });
    expect(replay.statusCode).toBe(404);
    expect(replay.json().message).toBe(LTI_MESSAGES.launchExpired);
  });

  it("links an existing account of the platform's institution by e-mail, never an administrator's or another institution's", async () => {
    const existing = await insertFaculty(t.database.db, { role: "student", institution: INSTITUTION });
    const linked = await launchAndExchange({
      user: person("learner", { email: existing.email }),
      course: course(),
    });
    expect(linked.faculty.id).toBe(existing.id);

    for (const [overrides, reason] of [
      [{ institution: "Another University" }, "otherInstitution"],
      [{ role: "admin" as const, institution: INSTITUTION }, "administrator"],
    ] as const) {
      const account = await insertFaculty(t.database.db, overrides);
      const before = await accountCount();
      const answer = await postLaunch(
        (await launchForm({ user: person("instructor", { email: account.email }), course: course() })).fields,
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.headers["content-type"]).toContain("text/html");
      expect(pageText(answer.body)).toContain(LTI_REFUSALS[reason]);
      expect(await accountCount()).toBe(before);
    }
  });
});

describe("a launch refused", () => {
  const refusedWith = async (
    answer: Awaited<ReturnType<typeof postLaunch>>,
    reason: keyof typeof LTI_REFUSALS,
    status = 400,
  ) => {
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.headers["content-type"]).toContain("text/html");
    expect(pageText(answer.body)).toContain(LTI_REFUSALS[reason]);
    expect(answer.body).not.toMatch(/at .*\.ts:\d+/);
  };

  it("refuses a login from an unknown issuer, client or deployment", async () => {
    const fields = platform.loginFields(
      { user: person("learner"), course: course() },
      `${PUBLIC_URL}/lti/launch`,
    );
    const login = (overrides: Record<string, string>) =>
      t.app.inject({ method: "GET", url: `/lti/login?${form({ ...fields, ...overrides })}` });
    await refusedWith(await login({ iss: "https://unknown.example" }), "unknownPlatform");
    await refusedWith(await login({ client_id: "someone-else" }), "unknownPlatform");
    await refusedWith(await login({ lti_deployment_id: "deployment-9" }), "unknownDeployment");
    expect((await login({})).statusCode).toBe(302);
  });

  it("refuses forged, expired and mismatched id_tokens, and creates nothing", async () => {
    const before = await accountCount();
    const user = person("learner");
    const section = course();
    await refusedWith(
      await postLaunch((await launchForm({ user, course: section, forgedSignature: true })).fields),
      "invalidToken",
    );
    await refusedWith(
      await postLaunch((await launchForm({ user, course: section, expiresIn: -120 })).fields),
      "invalidToken",
    );
    await refusedWith(
      await postLaunch(
        (await launchForm({ user, course: section, claims: { aud: "another-client" } })).fields,
      ),
      "invalidToken",
    );
    await refusedWith(
      await postLaunch(
        (await launchForm({ user, course: section, claims: { [LTI_CLAIMS.deploymentId]: "deployment-9" } }))
          .fields,
      ),
      "unknownDeployment",
    );
    await refusedWith(
      await postLaunch(
        (await launchForm({ user, course: section, claims: { [LTI_CLAIMS.version]: "1.1" } })).fields,
      ),
      "message",
    );
    await refusedWith(
      await postLaunch(
        (
          await launchForm({
            user,
            course: section,
            claims: { [LTI_CLAIMS.messageType]: "LtiSubmissionReviewRequest" },
          })
        ).fields,
      ),
      "message",
    );
    await refusedWith(
      await postLaunch(
        (await launchForm({ user: { ...user, roles: ["urn:lti:role:ims/lis/Mentor"] }, course: section }))
          .fields,
      ),
      "role",
    );
    await refusedWith(
      await postLaunch(
        (await launchForm({ user, course: section, messageType: "LtiDeepLinkingRequest" })).fields,
      ),
      "deepLinkingRole",
    );
    await refusedWith(
      await postLaunch((await launchForm({ user: { ...user, email: undefined }, course: section })).fields),
      "noEmail",
    );
    expect(await accountCount()).toBe(before);
  });

  it("takes a state once, and refuses a nonce or state of another login", async () => {
    const launch = { user: person("learner"), course: course() };
    const first = await launchForm(launch);
    const second = await launchForm(launch);
    // The id_token of one login with the state of another: the nonce does not match.
    await refusedWith(
      await postLaunch({ id_token: first.fields.id_token ?? "", state: second.fields.state ?? "" }),
      "invalidToken",
    );
    // That state was taken by the refused attempt; the first login's state works once.
    await refusedWith(await postLaunch(second.fields), "state");
    expect((await postLaunch(first.fields)).statusCode).toBe(303);
    await refusedWith(await postLaunch(first.fields), "state");
    await refusedWith(await postLaunch({ id_token: first.fields.id_token ?? "" }), "state");
  });

  it("answers 502 when the platform's keyset cannot be fetched", async () => {
    const broken = await startLtiTestPlatform();
    try {
      await register(broken);
      broken.breakKeyset(true);
      const section = broken.addCourse({ id: "course-x", title: "Course X", members: [] });
      await refusedWith(
        await postLaunch((await launchForm({ user: person("learner"), course: section }, broken)).fields),
        "keyset",
        502,
      );
    } finally {
      await broken.close();
    }
  });
});

describe("deep linking", () => {
  it("answers the LMS with a signed link to the chosen project and its Practice, which then opens it", async () => {
    const instructor = person("instructor");
    const section = course();
    const launch = await launchAndExchange({
      user: instructor,
      course: section,
      messageType: "LtiDeepLinkingRequest",
    });
    const launchId = launch.next.path?.replace("/lti/deep-link/", "") ?? "";
    expect(launch.next.path).toBe(`/lti/deep-link/${launchId}`);
    const project = await createProjectViaApi(t.app, launch.headers, { title: "Bridges & Loads" });

    const answer = await t.app.inject({
      method: "POST",
      url: `/api/lti/launches/${launchId}/deep-link`,
      headers: launch.headers,
      payload: { projectId: project.id, practice: true },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { returnUrl, jwt } = answer.json() as { returnUrl: string; jwt: string };
    expect(returnUrl).toBe(`${platform.issuer}/deep-link-return`);
    const claims = await platform.verifyToolJwt(jwt);
    expect(claims[LTI_CLAIMS.messageType]).toBe("LtiDeepLinkingResponse");
    expect(claims[LTI_CLAIMS.deploymentId]).toBe(platform.deploymentId);
    expect(claims[LTI_CLAIMS.deepLinkingData]).toBe("opaque-platform-data");
    const items = claims[LTI_CLAIMS.deepLinkingContentItems] as Array<Record<string, unknown>>;
    expect(items).toMatchObject([
      { type: "ltiResourceLink", title: "Bridges & Loads", url: `${PUBLIC_URL}/lti/launch` },
      {
        type: "ltiResourceLink",
        title: "Practice: Bridges & Loads",
        lineItem: { scoreMaximum: 100, label: "Practice: Bridges & Loads" },
      },
    ]);

    // The LMS makes the links (and the Practice's line item); their launches open the project.
    const practice = items[1] as { custom: Record<string, string>; lineItem: { label: string } };
    const lineItemId = platform.addLineItem(section.id, {
      label: practice.lineItem.label,
      scoreMaximum: 100,
    });
    const learner = await launchAndExchange({
      user: person("learner"),
      course: section,
      resourceLinkId: "practice-link",
      lineItemId,
      claims: { [LTI_CLAIMS.custom]: practice.custom },
    });
    expect(learner.next).toEqual({ path: `/student/practice?projectId=${project.id}` });
    const [link] = await t.database.db
      .select()
      .from(ltiProjectLinkTable)
      .where(eq(ltiProjectLinkTable.resourceLinkId, "practice-link"));
    expect(link?.lineItemUrl).toBe(`${platform.issuer}/courses/${section.id}/lineitems/${lineItemId}`);

    // The sealed reference copied into another LMS opens nothing there.
    const other = await startLtiTestPlatform();
    try {
      await register(other);
      const otherCourse = other.addCourse({ id: "course-copied", title: "Copied", members: [] });
      const copied = await postLaunch(
        (
          await launchForm(
            {
              user: person("learner"),
              course: otherCourse,
              resourceLinkId: "copied-link",
              claims: { [LTI_CLAIMS.custom]: practice.custom },
            },
            other,
          )
        ).fields,
      );
      const code = new URL(String(copied.headers.location), PUBLIC_URL).searchParams.get("code");
      const exchanged = await t.app.inject({ method: "POST", url: "/api/lti/exchange", payload: { code } });
      expect(exchanged.json().next).toEqual({ message: LTI_LAUNCH_MESSAGES.notLinked });
    } finally {
      await other.close();
    }

    // A project reference an LMS made up (not sealed by the tool) maps nothing.
    const forged = await launchAndExchange({
      user: person("learner"),
      course: section,
      resourceLinkId: "forged-link",
      claims: { [LTI_CLAIMS.custom]: { pl_project: String(project.id) } },
    });
    expect(forged.next).toEqual({ message: LTI_LAUNCH_MESSAGES.notLinked });

    // A link deep-linked to a project deleted since maps nothing, and says so.
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/projects/${project.id}`,
      headers: launch.headers,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const late = await launchAndExchange({
      user: person("learner"),
      course: section,
      resourceLinkId: "after-deletion",
      claims: { [LTI_CLAIMS.custom]: practice.custom },
    });
    expect(late.next).toEqual({ message: LTI_LAUNCH_MESSAGES.notLinked });
  });

  it("refuses another person's launch and a project that is not the instructor's", async () => {
    const launch = await launchAndExchange({
      user: person("instructor"),
      course: course(),
      messageType: "LtiDeepLinkingRequest",
    });
    const launchId = launch.next.path?.replace("/lti/deep-link/", "") ?? "";
    const other = await signedInFaculty(t.app, t.database.db);
    const project = await createProjectViaApi(t.app, other.headers);
    const notTheirs = await t.app.inject({
      method: "POST",
      url: `/api/lti/launches/${launchId}/deep-link`,
      headers: other.headers,
      payload: { projectId: project.id },
    });
    expect(notTheirs.statusCode).toBe(404);
    const wrongProject = await t.app.inject({
      method: "POST",
      url: `/api/lti/launches/${launchId}/deep-link`,
      headers: launch.headers,
      payload: { projectId: project.id },
    });
    expect(wrongProject.statusCode).toBe(404);
    expect(wrongProject.json().message).toBe(LTI_MESSAGES.projectNotFound);
  });
});
