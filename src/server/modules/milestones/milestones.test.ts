import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MILESTONE_MESSAGES, type Milestone } from "#shared/schemas/milestones.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { submissionTable } from "./milestones.table.ts";

/** Milestones: the owner's CRUD and suggestions, the students' timeline and due list. */
let t: TestApp;
type Account = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Account;
let otherInstructor: Account;
let ada: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInFaculty(t.app, t.database.db);
  otherInstructor = await signedInFaculty(t.app, t.database.db);
  ada = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ada Student" });
});
afterAll(() => t?.close());

const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  who: Account,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: who.headers, ...(payload !== undefined ? { payload } : {}) });

const DAY = 86_400_000;
const inDays = (days: number) => new Date(t.clock.now().getTime() + days * DAY).toISOString();

const milestone = (overrides: Record<string, unknown> = {}) => ({
  title: "Pivot checkpoint",
  stage: "pivot",
  dueAt: inDays(7),
  deliverables: ["Concept map"],
  ...overrides,
});

async function create(projectId: number, overrides: Record<string, unknown> = {}) {
  const reply = await call("POST", `/api/projects/${projectId}/milestones`, owner, milestone(overrides));
  expect(reply.statusCode).toBe(201);
  return reply.json() as Milestone;
}

async function enrol(who: Account, joinCode: string) {
  const reply = await call("POST", "/api/student/join", who, { code: joinCode });
  expect(reply.statusCode).toBe(200);
}

describe("the owner's milestones", () => {
  it("creates, lists in due order, updates, closes and deletes", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    const later = await create(project.id, {
      title: "Final presentation",
      stage: "final",
      dueAt: inDays(30),
    });
    const sooner = await create(project.id, { description: "Map the concepts" });
    expect(sooner).toMatchObject({
      projectId: project.id,
      title: "Pivot checkpoint",
      stage: "pivot",
      description: "Map the concepts",
      deliverables: ["Concept map"],
      rubricId: null,
      teamSubmission: false,
      closedAt: null,
      feedbackReleasedAt: null,
    });

    const list = await call("GET", `/api/projects/${project.id}/milestones`, owner);
    expect(list.statusCode).toBe(200);
    expect(list.json().milestones.map((m: Milestone) => m.id)).toEqual([sooner.id, later.id]);

    const closed = await call("PUT", `/api/milestones/${sooner.id}`, owner, milestone({ closed: true }));
    expect(closed.statusCode).toBe(200);
    expect(closed.json().closedAt).toBe(t.clock.now().toISOString());
    const kept = await call("PUT", `/api/milestones/${sooner.id}`, owner, milestone({ title: "Renamed" }));
    expect(kept.json()).toMatchObject({ title: "Renamed", closedAt: t.clock.now().toISOString() });
    const reopened = await call("PUT", `/api/milestones/${sooner.id}`, owner, milestone({ closed: false }));
    expect(reopened.json().closedAt).toBeNull();

    expect((await call("DELETE", `/api/milestones/${sooner.id}`, owner)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/milestones/${sooner.id}`, owner)).statusCode).toBe(404);
    const after = await call("GET", `/api/projects/${project.id}/milestones`, owner);
    expect(after.json().milestones.map((m: Milestone) => m.id)).toEqual([later.id]);
  });

  it("keeps team submission when an update leaves it out, and refuses to switch it once work is in", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    const team = await create(project.id, { teamSubmission: true });
    expect(team.teamSubmission).toBe(true);
    const kept = await call("PUT", `/api/milestones/${team.id}`, owner, milestone({ title: "Team pitch" }));
    expect(kept.json()).toMatchObject({ title: "Team pitch", teamSubmission: true });
    const switched = await call(
      "PUT",
      `/api/milestones/${team.id}`,
      owner,
      milestone({ teamSubmission: false }),
    );
    expect(switched.json().teamSubmission).toBe(false);

    await t.database.db
      .insert(submissionTable)
      .values({ milestoneId: team.id, studentId: ada.faculty.id, version: 1, late: false });
    const refused = await call(
      "PUT",
      `/api/milestones/${team.id}`,
      owner,
      milestone({ teamSubmission: true }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MILESTONE_MESSAGES.teamSubmissionLocked);
    const same = await call("PUT", `/api/milestones/${team.id}`, owner, milestone({ teamSubmission: false }));
    expect(same.statusCode).toBe(200);
    const bad = await call("PUT", `/api/milestones/${team.id}`, owner, milestone({ teamSubmission: "yes" }));
    expect(bad.statusCode).toBe(400);
  });

  it("flags a due date outside the project's timeline weeks, and none when it names no weeks", async () => {
    const project = await createProjectViaApi(t.app, owner.headers); // "6 weeks"
    const created = Date.parse(project.createdAt);
    const inside = await create(project.id, { dueAt: new Date(created + 20 * DAY).toISOString() });
    const after = await create(project.id, { dueAt: new Date(created + 50 * DAY).toISOString() });
    const before = await create(project.id, { dueAt: new Date(created - 3 * DAY).toISOString() });
    expect([inside.outsideRange, after.outsideRange, before.outsideRange]).toEqual([false, true, true]);

    const open = await createProjectViaApi(t.app, owner.headers, {
      methodology: { ...project.methodology, timeline: "all term" },
    });
    const far = await create(open.id, { dueAt: new Date(created + 400 * DAY).toISOString() });
    expect(far.outsideRange).toBe(false);
  });

  it("refuses bad input with messages naming the field", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    const url = `/api/projects/${project.id}/milestones`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: "" }, "Title is required"],
      [{ stage: "middle" }, "Stage must be pivot, launch or final"],
      [{ dueAt: "next week" }, "Due date must be a date and time"],
      [{ deliverables: [""] }, "Each deliverable must have some text"],
      [{ rubricId: -1 }, "Invalid rubric id"],
    ];
    for (const [overrides, message] of cases) {
      const reply = await call("POST", url, owner, milestone(overrides));
      expect(reply.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(reply.body).toContain(message);
    }
    const unknownRubric = await call("POST", url, owner, milestone({ rubricId: 999_999 }));
    expect(unknownRubric.statusCode).toBe(400);
    expect(unknownRubric.json().code).toBe("RUBRIC_NOT_FOUND");
  });

  it("answers 404 to another instructor and 403 to a student", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    const saved = await create(project.id);
    for (const [method, url, body] of [
      ["GET", `/api/projects/${project.id}/milestones`, undefined],
      ["POST", `/api/projects/${project.id}/milestones`, milestone()],
      ["POST", `/api/projects/${project.id}/milestones/suggest`, undefined],
      ["PUT", `/api/milestones/${saved.id}`, milestone()],
      ["DELETE", `/api/milestones/${saved.id}`, undefined],
    ] as const) {
      expect((await call(method, url, otherInstructor, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, ada, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("suggests milestones from the methodology in the caller's time zone without saving them", async () => {
    const zone = await call("PUT", "/api/auth/time-zone", owner, { timeZone: "Europe/Berlin" });
    expect(zone.statusCode).toBeLessThan(300);
    const project = await createProjectViaApi(t.app, owner.headers);
    const reply = await call("POST", `/api/projects/${project.id}/milestones/suggest`, owner);
    expect(reply.statusCode).toBe(200);
    const { milestones } = reply.json();
    expect(milestones.map((m: Milestone) => m.stage)).toEqual(["pivot", "launch", "final"]);
    expect(milestones[1].title).toBe("Launch: River sampling with a community group");
    // The test clock is Tuesday 1 September 2026; Mondays at 17:00 in Berlin (UTC+2) from 7 September.
    for (const m of milestones) expect(m.dueAt).toMatch(/T15:00:00\.000Z$/);
    expect(new Date(milestones[0].dueAt).getUTCDay()).toBe(1);
    const saved = await call("GET", `/api/projects/${project.id}/milestones`, owner);
    expect(saved.json().milestones).toEqual([]);
  });
});

describe("the students' timeline", () => {
  it("shows an enrolled project's milestones with what the student handed in, and 404 otherwise", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    const first = await create(project.id);
    const second = await create(project.id, { title: "Launch", stage: "launch", dueAt: inDays(20) });
    expect((await call("GET", `/api/student/projects/${project.id}/milestones`, ada)).statusCode).toBe(404);

    await enrol(ada, project.joinCode);
    await t.database.db
      .insert(submissionTable)
      .values({ milestoneId: first.id, studentId: ada.faculty.id, version: 1, late: false });
    const reply = await call("GET", `/api/student/projects/${project.id}/milestones`, ada);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().milestones).toEqual([
      expect.objectContaining({ id: first.id, submitted: true, closed: false, feedbackReleased: false }),
      expect.objectContaining({ id: second.id, submitted: false }),
    ]);
    expect(reply.json().milestones[0].rubricId).toBeUndefined();
  });

  it("lists what is due: open, within 14 days or overdue and not handed in, with the project's title", async () => {
    const ben = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ben Student" });
    const project = await createProjectViaApi(t.app, owner.headers, { title: "Due Soon Project" });
    const soon = await create(project.id, { title: "Soon", dueAt: inDays(3) });
    await create(project.id, { title: "Far", dueAt: inDays(20) });
    const overdue = await create(project.id, { title: "Overdue", dueAt: inDays(-2) });
    const handedIn = await create(project.id, { title: "Handed in", dueAt: inDays(-1) });
    await create(project.id, { title: "Closed", dueAt: inDays(2), closed: true });
    await enrol(ben, project.joinCode);
    await t.database.db
      .insert(submissionTable)
      .values({ milestoneId: handedIn.id, studentId: ben.faculty.id, version: 1, late: false });

    const reply = await call("GET", "/api/student/milestones/due", ben);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().milestones.map((m: { title: string }) => m.title)).toEqual(["Overdue", "Soon"]);
    expect(reply.json().milestones[1]).toMatchObject({
      id: soon.id,
      projectTitle: "Due Soon Project",
      submitted: false,
    });
    expect(overdue.id).toBeGreaterThan(0);
    expect((await call("GET", "/api/student/milestones/due", owner)).statusCode).toBe(403);
  });
});
