import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LTI_SERVICE_MESSAGES } from "#shared/schemas/lti.ts";
import { SecretBox } from "../../lib/secret-box.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import {
  LTI_ROLES,
  type LtiTestPlatform,
  type PlatformCourse,
  startLtiTestPlatform,
} from "../../test/lti-test-platform.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createLmsEnrolments } from "../enrolment/enrolment.service.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { createGradeSync } from "./grade-sync.ts";
import { ltiPlatformTable, ltiProjectLinkTable, ltiScoreSendTable } from "./lti.table.ts";
import { createLtiLinksRepository } from "./lti-links.repository.ts";
import { createLtiServicesRepository } from "./lti-services.repository.ts";
import { createServiceTokens, LTI_SCOPES } from "./service-token.ts";
import { createToolKeys } from "./tool-keys.ts";
import { TOOL_USER_AGENT } from "./tool-user-agent.ts";

// Roster sync (NRPS) and grades (AGS) of a project linked to a course of a test LMS, over HTTP.

const INSTITUTION = "North University";
/** The app secret of the test configuration (test-app.ts), which seals the tool's keys. */
const TEST_APP_SECRET = "test-app-secret-used-only-by-the-test-suite-0123456789";

let t: TestApp;
let lms: LtiTestPlatform;
let platformId: string;
type Person = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Person;

beforeAll(async () => {
  t = await createTestApp();
  lms = await startLtiTestPlatform();
  lms.trustToolKeyset(async () => (await t.app.inject({ url: "/lti/jwks" })).json());
  const superAdmin = await signedInFaculty(t.app, t.database.db, { role: "super_admin" });
  const registered = await t.app.inject({
    method: "POST",
    url: "/api/admin/lti/platforms",
    headers: superAdmin.headers,
    payload: lms.registration(INSTITUTION),
  });
  expect(registered.statusCode, registered.body).toBe(201);
  platformId = registered.json().id;
  owner = await signedInFaculty(t.app, t.database.db, { institution: INSTITUTION });
});
afterAll(async () => {
  await lms?.close();
  await t?.close();
});

const as = (who: Person, method: InjectOptions["method"], url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

let courses = 0;
/** A course of the LMS with its members, linked to a new project of the owner's (roster and grade column). */
async function linkedCourse(members: PlatformCourse["members"]) {
  courses += 1;
  const course = lms.addCourse({ id: `course-${courses}`, title: `Economics ${courses}01`, members });
  const project = await createProjectViaApi(t.app, owner.headers, { title: `Linked project ${courses}` });
  const lineItemId = lms.addLineItem(course.id, { label: "Practice", scoreMaximum: 100 });
  await t.database.db.insert(ltiProjectLinkTable).values({
    id: randomUUID(),
    platformId,
    deploymentId: lms.deploymentId,
    contextId: course.id,
    contextTitle: course.title,
    resourceLinkId: `link-${courses}`,
    projectId: project.id,
    membershipsUrl: `${lms.issuer}/courses/${course.id}/memberships`,
    lineItemsUrl: `${lms.issuer}/courses/${course.id}/lineitems`,
    lineItemUrl: `${lms.issuer}/courses/${course.id}/lineitems/${lineItemId}`,
  });
  return { course, project, lineItemId };
}

const learner = (sub: string, name: string, email?: string) => ({
  sub,
  name,
  ...(email ? { email } : {}),
  roles: [LTI_ROLES.learner],
});

const roster = async (projectId: number) => {
  const reply = await as(owner, "GET", `/api/projects/${projectId}/roster`);
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as Array<{ name: string; source: string }>)
    .map((entry) => `${entry.name} (${entry.source})`)
    .sort();
};
const syncRoster = (projectId: number) => as(owner, "POST", `/api/projects/${projectId}/lti/roster-sync`);
const sendGrades = (projectId: number) => as(owner, "POST", `/api/projects/${projectId}/lti/grades`);

let joins = 0;
async function joinWithCode(who: Person, joinCode: string) {
  joins += 1;
  const reply = await t.app.inject({
    method: "POST",
    url: "/api/student/join",
    headers: who.headers,
    remoteAddress: `10.8.0.${joins}`,
    payload: { code: joinCode },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

describe("roster sync from the LMS (NRPS)", () => {
  it("enrols the course's learners over every page, then ends the enrolment of one who left and keeps a code-joined student", async () => {
    const tag = randomUUID().slice(0, 8);
    const mail = (name: string) => `${name}.${tag}@north.test`;
    const { course, project } = await linkedCourse([
      { sub: "teacher", name: "Tess Teacher", email: mail("tess"), roles: [LTI_ROLES.instructor] },
      learner("s-ada", "Ada Learner", mail("ada")),
      learner("s-ben", "Ben Learner", mail("ben")),
      learner("s-cy", "Cy Learner", mail("cy")),
      learner("s-di", "Di Learner", mail("di")),
      learner("s-nomail", "No Mail"),
    ]);
    const coder = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Zed Coder" });
    await joinWithCode(coder, project.joinCode);

    const synced = await syncRoster(project.id);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json()).toEqual({
      added: 4,
      removed: 0,
      skipped: [{ name: "No Mail", reason: "The LMS did not share their e-mail address." }],
      syncedAt: t.clock.now().toISOString(),
    });
    expect(await roster(project.id)).toEqual([
      "Ada Learner (lms)",
      "Ben Learner (lms)",
      "Cy Learner (lms)",
      "Di Learner (lms)",
      "Zed Coder (join-code)",
    ]);
    // Accounts made with the platform's institution, as students; the instructor got none.
    const made = await t.database.db
      .select()
      .from(facultyTable)
      .where(eq(facultyTable.email, mail("ada")));
    expect(made[0]).toMatchObject({ institution: INSTITUTION, role: "student", status: "approved" });
    expect(
      await t.database.db
        .select()
        .from(facultyTable)
        .where(eq(facultyTable.email, mail("tess"))),
    ).toEqual([]);
    // Every call named the tool.
    expect(lms.tokenRequests.every((request) => request.userAgent === TOOL_USER_AGENT)).toBe(true);

    // Ben leaves the course: the next sync ends his enrolment only.
    course.members = course.members.filter((member) => member.sub !== "s-ben");
    const again = await syncRoster(project.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ added: 0, removed: 1 });
    expect(await roster(project.id)).toEqual([
      "Ada Learner (lms)",
      "Cy Learner (lms)",
      "Di Learner (lms)",
      "Zed Coder (join-code)",
    ]);

    const links = await as(owner, "GET", `/api/projects/${project.id}/lti`);
    expect(links.statusCode, links.body).toBe(200);
    expect(links.json().links).toEqual([
      expect.objectContaining({
        issuer: lms.issuer,
        institution: INSTITUTION,
        courseTitle: course.title,
        rosterAvailable: true,
        gradesAvailable: true,
        rosterSyncedAt: t.clock.now().toISOString(),
        gradesSentAt: null,
        failedScores: [],
      }),
    ]);
  });

  it("answers 502 and changes nothing when the membership service fails", async () => {
    const tag = randomUUID().slice(0, 8);
    const { course, project } = await linkedCourse([
      learner("s-eve", "Eve Learner", `eve.${tag}@north.test`),
    ]);
    expect((await syncRoster(project.id)).statusCode).toBe(200);
    const before = await roster(project.id);
    course.members = [learner("s-fay", "Fay Learner", `fay.${tag}@north.test`)];
    lms.failMemberships(500);
    try {
      const failed = await syncRoster(project.id);
      expect(failed.statusCode).toBe(502);
      expect(failed.json().message).toMatch(
        new RegExp(`^${LTI_SERVICE_MESSAGES.rosterUnreadable}the LMS answered 500`),
      );
    } finally {
      lms.failMemberships(null);
    }
    expect(await roster(project.id)).toEqual(before);
    expect(
      await t.database.db
        .select()
        .from(facultyTable)
        .where(eq(facultyTable.email, `fay.${tag}@north.test`)),
    ).toEqual([]);
  });
});

describe("grades to the LMS (AGS)", () => {
  it("posts each student's practice mastery, reusing one token, and retries a refused score on the next send", async () => {
    const tag = randomUUID().slice(0, 8);
    const ada = await signedInFaculty(t.app, t.database.db, {
      role: "student",
      name: "Ada Practiser",
      email: `ada.${tag}@north.test`,
      institution: INSTITUTION,
    });
    const { project, lineItemId } = await linkedCourse([
      learner(`ada-${tag}`, "Ada Practiser", ada.faculty.email),
      learner(`ben-${tag}`, "Ben Idle", `ben.${tag}@north.test`),
    ]);
    const coder = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Zed Coder" });
    await joinWithCode(coder, project.joinCode);
    expect((await syncRoster(project.id)).statusCode).toBe(200);

    // Practice: a card of two items in the project; Ada reviews both (Good, Easy).
    const card = await as(owner, "POST", "/api/pivot-cards", {
      title: "Opportunity cost",
      discipline: "economics",
      definition: "The value of the next best alternative given up.",
      projectId: project.id,
    });
    expect(card.statusCode, card.body).toBe(201);
    for (const [index, rating] of [3, 4].entries()) {
      const item = await as(owner, "POST", "/api/retrieval-items", {
        pivotCardId: card.json().id,
        type: "flashcard",
        question: `Question ${index + 1}?`,
        answer: "This.",
      });
      expect(item.statusCode, item.body).toBe(201);
      const review = await as(ada, "POST", "/api/student/reviews", { itemId: item.json().id, rating });
      expect(review.statusCode, review.body).toBe(201);
    }
    const progress = (await as(ada, "GET", "/api/student/practice/progress?tz=UTC")).json();
    const concepts = progress.concepts.filter(
      (concept: { projectId: number }) => concept.projectId === project.id,
    );
    const adaScore = Math.round(
      (100 *
        concepts.reduce((sum: number, concept: { masteryLevel: number }) => sum + concept.masteryLevel, 0)) /
        concepts.length,
    );
    expect(adaScore).toBeGreaterThan(0);

    const scoreTokens = () => lms.tokenRequests.filter((request) => request.scope.includes("/scope/score"));
    const tokensBefore = scoreTokens().length;
    const scoresOf = () => lms.scores.filter((score) => score.lineItemId === lineItemId);

    lms.failScoresFor(`ben-${tag}`, 500);
    const first = await sendGrades(project.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      sent: 1,
      failed: [{ name: "Ben Idle", detail: expect.stringContaining("the LMS answered 500") }],
      // Zed joined with the code: the LMS does not know him.
      skipped: 1,
    });
    expect(scoresOf()).toEqual([
      {
        lineItemId,
        userAgent: TOOL_USER_AGENT,
        score: {
          userId: `ada-${tag}`,
          scoreGiven: adaScore,
          scoreMaximum: 100,
          timestamp: t.clock.now().toISOString(),
          activityProgress: "InProgress",
          gradingProgress: "FullyGraded",
        },
      },
    ]);
    const failedLink = (await as(owner, "GET", `/api/projects/${project.id}/lti`)).json().links[0];
    expect(failedLink.failedScores).toEqual([
      { name: "Ben Idle", detail: expect.stringContaining("500"), attemptedAt: t.clock.now().toISOString() },
    ]);
    expect(failedLink.gradesSentAt).toBe(t.clock.now().toISOString());

    // The LMS takes Ben's score again: the next send posts it, with the same token.
    lms.failScoresFor(`ben-${tag}`, null);
    t.clock.advance(60_000);
    const second = await sendGrades(project.id);
    expect(second.json()).toEqual({ sent: 2, failed: [], skipped: 1 });
    // Scores go out several at once: their order at the LMS is not fixed.
    const posted = scoresOf().map((score) => `${score.score.userId} ${score.score.scoreGiven}`);
    expect(posted.sort()).toEqual([`ada-${tag} ${adaScore}`, `ada-${tag} ${adaScore}`, `ben-${tag} 0`]);
    expect(scoreTokens().length - tokensBefore).toBe(1);
    const sends = await t.database.db.select().from(ltiScoreSendTable);
    expect(sends.filter((send) => send.status === "failed")).toEqual([]);
    expect((await as(owner, "GET", `/api/projects/${project.id}/lti`)).json().links[0].failedScores).toEqual(
      [],
    );
  });
});

describe("the daily grades", () => {
  it("posts only new, changed and failed scores, where the instructor's send posts every one", async () => {
    const tag = randomUUID().slice(0, 8);
    const { project, lineItemId } = await linkedCourse([
      learner(`ivy-${tag}`, "Ivy Learner", `ivy.${tag}@north.test`),
      learner(`jon-${tag}`, "Jon Learner", `jon.${tag}@north.test`),
    ]);
    expect((await syncRoster(project.id)).statusCode).toBe(200);
    const enrolments = createLmsEnrolments(t.database.db);
    const [ivy, jon] = (await enrolments.roster(project.id)).sort((a, b) => a.name.localeCompare(b.name));
    if (!ivy || !jon) throw new Error("the roster sync enrolled nobody");
    // Each student's mastery as the test sets it (the practice behind it is tested above).
    const levels = new Map([
      [ivy.studentId, 0.5],
      [jon.studentId, 0.25],
    ]);
    const grades = createGradeSync({
      links: createLtiLinksRepository(t.database.db),
      services: createLtiServicesRepository(t.database.db),
      tokens: createServiceTokens({
        keys: createToolKeys({ db: t.database.db, box: new SecretBox(TEST_APP_SECRET), now: t.clock.now }),
      }),
      enrolments,
      mastery: { ofStudent: async (studentId: number) => levels.get(studentId) ?? 0 },
      now: t.clock.now,
    });
    const posted = () =>
      lms.scores
        .filter((score) => score.lineItemId === lineItemId)
        .map((score) => `${score.score.userId} ${score.score.scoreGiven}`);
    const daily = () => grades.send(project.id, { changedOnly: true });

    lms.failScoresFor(`jon-${tag}`, 503);
    await daily();
    expect(posted()).toEqual([`ivy-${tag} 50`]);
    lms.failScoresFor(`jon-${tag}`, null);
    await daily();
    // Ivy's 50 is unchanged; Jon's failed score is tried again.
    expect(posted()).toEqual([`ivy-${tag} 50`, `jon-${tag} 25`]);
    await daily();
    expect(posted()).toHaveLength(2);
    levels.set(ivy.studentId, 0.75);
    await daily();
    expect(posted().slice(2)).toEqual([`ivy-${tag} 75`]);
    await grades.send(project.id);
    expect(posted().slice(3).sort()).toEqual([`ivy-${tag} 75`, `jon-${tag} 25`]);
  });
});

describe("service tokens", () => {
  it("keeps a token per platform and scopes until a minute before it expires", async () => {
    let clock = Date.now();
    const tokens = createServiceTokens({
      keys: createToolKeys({ db: t.database.db, box: new SecretBox(TEST_APP_SECRET), now: t.clock.now }),
      nowMs: () => clock,
    });
    const [platform] = await t.database.db
      .select()
      .from(ltiPlatformTable)
      .where(eq(ltiPlatformTable.id, platformId));
    if (!platform) throw new Error("platform not registered");
    const before = lms.tokenRequests.length;
    const first = await tokens.token(platform, [LTI_SCOPES.score]);
    expect(await tokens.token(platform, [LTI_SCOPES.score])).toBe(first);
    expect(await tokens.token(platform, [LTI_SCOPES.memberships])).not.toBe(first);
    expect(lms.tokenRequests.length - before).toBe(2);
    // The test LMS's tokens last an hour: 59 minutes on, the first is still used; a minute later, not.
    clock += 59 * 60_000 - 1000;
    expect(await tokens.token(platform, [LTI_SCOPES.score])).toBe(first);
    clock += 2000;
    expect(await tokens.token(platform, [LTI_SCOPES.score])).not.toBe(first);
    expect(lms.tokenRequests.slice(before).map((request) => request.userAgent)).toEqual([
      TOOL_USER_AGENT,
      TOOL_USER_AGENT,
      TOOL_USER_AGENT,
    ]);
  });

  it("asks for a new token once when the LMS no longer takes the cached one", async () => {
    const tag = randomUUID().slice(0, 8);
    const { project } = await linkedCourse([
      learner(`gil-${tag}`, "Gil Learner", `gil.${tag}@north.test`),
      learner(`hal-${tag}`, "Hal Learner", `hal.${tag}@north.test`),
    ]);
    expect((await syncRoster(project.id)).statusCode).toBe(200);
    expect((await sendGrades(project.id)).json()).toMatchObject({ sent: 2, failed: [] });
    const tokensBefore = lms.tokenRequests.length;
    lms.revokeTokens();
    expect((await syncRoster(project.id)).statusCode).toBe(200);
    expect((await sendGrades(project.id)).json()).toMatchObject({ sent: 2, failed: [] });
    // One new token for the roster, one for the scores (both students' calls share it).
    expect(lms.tokenRequests.length - tokensBefore).toBe(2);
  });
});

describe("who may use a project's LMS links", () => {
  it("answers 404 to another instructor and 403 to a student", async () => {
    const { project } = await linkedCourse([]);
    const other = await signedInFaculty(t.app, t.database.db);
    const student = await signedInFaculty(t.app, t.database.db, { role: "student" });
    for (const [method, url] of [
      ["GET", `/api/projects/${project.id}/lti`],
      ["POST", `/api/projects/${project.id}/lti/roster-sync`],
      ["POST", `/api/projects/${project.id}/lti/grades`],
    ] as const) {
      expect((await as(other, method, url)).statusCode, url).toBe(404);
      expect((await as(student, method, url)).statusCode, url).toBe(403);
    }
  });

  it("shows no link for a project not linked to a course, and says there is no roster to sync", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    expect((await as(owner, "GET", `/api/projects/${project.id}/lti`)).json()).toEqual({ links: [] });
    const sync = await syncRoster(project.id);
    expect(sync.statusCode).toBe(409);
    expect(sync.json().message).toBe(LTI_SERVICE_MESSAGES.noRoster);
    expect((await sendGrades(project.id)).json().message).toBe(LTI_SERVICE_MESSAGES.noGrades);
  });
});
