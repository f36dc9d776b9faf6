import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckIn } from "#shared/domain/cognitive-load.ts";
import type { PacingSuggestions } from "#shared/schemas/cognitive-load-pacing.ts";
import type { Milestone } from "#shared/schemas/milestones.ts";
import type { Project } from "#shared/schemas/projects.ts";
import { checkInRows } from "../../test/check-ins.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, createTestClock, type TestApp } from "../../test/test-app.ts";
import { pivotCardTable } from "../pivot-assets/pivot-assets.table.ts";
import { studentCardMasteryTable } from "../student-practice/student-practice.table.ts";
import { cognitiveLoadCheckInTable } from "./cognitive-load.table.ts";

/** Pacing suggestions from cognitive load (spec B §9): actions, the one click, records, effects, switch, access. */
const DAY = 86_400_000;
const NOW = new Date("2026-09-01T09:00:00Z");
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInFaculty>>;
let alice: Person;
let bob: Person;
let student: Person;
let project: Project;
let quiet: Project;
const students: Person[] = [];
const cards: Record<string, number> = {};
let conceptMap: Milestone;
let prototype: Milestone;
let bobMilestone: Milestone;

const as = (who: Person, method: InjectOptions["method"], url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Stores `count` students' check-ins `days` from NOW (negative: before). */
async function seed(target: Project, days: number, count: number, overrides: Partial<CheckIn> = {}) {
  const a: CheckIn = {
    context: "launch",
    mentalEffort: 5,
    intrinsicItems: [5, 5, 5],
    extraneousItems: [3, 3, 3],
    germaneItems: [6, 6, 6, 6],
    technostress: 3,
    interruptions: 0,
    taskMinutes: 60,
    refocusMinutes: 2,
    ...overrides,
  };
  await t.database.db.insert(cognitiveLoadCheckInTable).values(checkInRows(target, count, a, at(days)));
}

async function addMilestone(owner: Person, projectId: number, body: Record<string, unknown>) {
  const reply = await as(owner, "POST", `/api/projects/${projectId}/milestones`, {
    stage: "launch",
    deliverables: [],
    ...body,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json() as Milestone;
}

async function addCard(title: string, minutes: number) {
  const [row] = await t.database.db
    .insert(pivotCardTable)
    .values({
      facultyId: alice.faculty.id,
      projectId: project.id,
      title,
      discipline: "computing",
      definition: "d",
      constraints: "c",
      minimalExample: "m",
      counterExample: "x",
      misconceptions: [],
      createdAt: new Date(NOW.getTime() - DAY + minutes * 60_000),
    })
    .returning();
  cards[title] = row?.id ?? 0;
}

const suggestions = async (target = project, who = alice) => {
  const reply = await as(who, "GET", `/api/projects/${target.id}/pacing-suggestions?timeframe=30d`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as PacingSuggestions;
};
const actionsOf = (answer: PacingSuggestions, interventionId: string) =>
  answer.interventions.find((intervention) => intervention.id === interventionId)?.actions ?? [];

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(NOW) });
  alice = await signedInFaculty(t.app, t.database.db);
  bob = await signedInFaculty(t.app, t.database.db);
  student = await signedInFaculty(t.app, t.database.db, { role: "student" });
  project = await createProjectViaApi(t.app, alice.headers, { title: "Web apps" });
  quiet = await createProjectViaApi(t.app, alice.headers, { title: "Quiet class" });
  for (let i = 0; i < 3; i++) {
    const pupil = await signedInFaculty(t.app, t.database.db, { role: "student" });
    const joined = await t.app.inject({
      method: "POST",
      url: "/api/student/join",
      headers: pupil.headers,
      payload: { code: project.joinCode },
      remoteAddress: `10.7.0.${i + 1}`,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    students.push(pupil);
  }
  await addCard("Closures", 1);
  await addCard("Recursion", 2);
  await addCard("Pointers", 3);
  // Class mastery: Closures (0.9 + 0.6 + 0.6) / 3 = 0.7; Recursion (0.5 + 0.76 + none) / 3 = 0.42;
  // Pointers 0.9.
  const mastery = (cardTitle: string, index: number, value: number) => ({
    studentId: students[index]?.faculty.id ?? 0,
    pivotCardId: cards[cardTitle] ?? 0,
    projectId: project.id,
    mastery: value,
    computedAt: NOW,
  });
  await t.database.db
    .insert(studentCardMasteryTable)
    .values([
      mastery("Closures", 0, 0.9),
      mastery("Closures", 1, 0.6),
      mastery("Closures", 2, 0.6),
      mastery("Recursion", 0, 0.5),
      mastery("Recursion", 1, 0.76),
      mastery("Pointers", 0, 0.9),
      mastery("Pointers", 1, 0.9),
      mastery("Pointers", 2, 0.9),
    ]);
  await addMilestone(alice, project.id, {
    title: "Kick-off",
    stage: "pivot",
    dueAt: at(2).toISOString(),
    closed: true,
  });
  conceptMap = await addMilestone(alice, project.id, {
    title: "Concept map",
    stage: "pivot",
    dueAt: at(5).toISOString(),
    deliverables: ["Map", "Glossary"],
  });
  prototype = await addMilestone(alice, project.id, {
    title: "Prototype",
    dueAt: at(10).toISOString(),
    deliverables: ["Prototype"],
  });
  const bobProject = await createProjectViaApi(t.app, bob.headers);
  bobMilestone = await addMilestone(bob, bobProject.id, { title: "Bob's", dueAt: at(4).toISOString() });
  // High effort in the launch stage (4 check-ins at 8), high intrinsic load in the pivot stage.
  await seed(project, -1, 4, { mentalEffort: 8 });
  await seed(project, -2, 3, { context: "pivot", mentalEffort: 8, intrinsicItems: [7, 7, 7] });
  // The quiet class: 2 launch check-ins at 9 (below the privacy threshold) and 3 assessment ones.
  await seed(quiet, -1, 2, { mentalEffort: 9 });
  await seed(quiet, -1, 3, { context: "assessment", mentalEffort: 9 });
  await addMilestone(alice, quiet.id, {
    title: "Quiet launch",
    dueAt: at(10).toISOString(),
    deliverables: ["X"],
  });
});
afterAll(() => t?.close());

describe("pacing suggestions", () => {
  it("names the lowest-recall concept and the current milestone in each action, with why", async () => {
    const answer = await suggestions();
    expect(answer.suggestionsOn).toBe(true);
    expect(answer.pressures.map((p) => [p.stage, p.reasons])).toEqual([
      ["pivot", ["effort", "intrinsic"]],
      ["launch", ["effort"]],
    ]);
    const [workedExample, review] = actionsOf(answer, "worked-examples");
    expect(workedExample).toMatchObject({
      kind: "worked-example",
      stage: "pivot",
      label: "Add a worked example to Recursion, whose class mastery is 42 %",
      targetId: cards.Recursion,
      href: `/pivot-assets?tab=examples&card=${cards.Recursion}`,
      appliedId: null,
    });
    expect(workedExample?.why).toContain(
      "Recursion has the lowest class mastery of the project's 3 concepts (42 %)",
    );
    expect(review?.label).toBe("Schedule a pivot review session before Prototype");
    const sequencing = actionsOf(answer, "sequencing");
    expect(sequencing.map((a) => [a.kind, a.stage, a.label, a.targetId, a.href])).toEqual([
      [
        "split-deliverable",
        "launch",
        "Split a deliverable of Concept map",
        conceptMap.id,
        `/projects/${project.id}?milestone=${conceptMap.id}`,
      ],
      ["review-session", "pivot", "Schedule a pivot review session before Prototype", prototype.id, null],
      [
        "move-due-date",
        "launch",
        "Move the due date of Concept map",
        conceptMap.id,
        `/projects/${project.id}?milestone=${conceptMap.id}&field=dueAt`,
      ],
    ]);
    expect(sequencing[0]?.why).toBe(
      "Mean mental effort is 8.0 on the 1-9 scale, and 100% of check-ins report effort of 8 or 9; Concept map, due 2026-09-06, asks for 2 deliverables.",
    );
    expect(answer.pressures[1]?.text).toBe(
      "Launch check-ins (4) show mean mental effort 8.0 on the 1-9 scale (high above 7, or 8 or 9 in a quarter of check-ins).",
    );
  });

  it("reads only the slice's stage when a context is chosen", async () => {
    const reply = await as(alice, "GET", `/api/projects/${project.id}/pacing-suggestions?context=launch`);
    const launchOnly = reply.json() as PacingSuggestions;
    expect(launchOnly.pressures.map((p) => p.stage)).toEqual(["launch"]);
    expect(launchOnly.interventions.map((i) => i.id)).toEqual(["sequencing"]);
    expect(actionsOf(launchOnly, "sequencing").map((a) => a.stage)).toEqual(["launch", "launch", "launch"]);
    const assessment = (
      await as(alice, "GET", `/api/projects/${project.id}/pacing-suggestions?context=assessment`)
    ).json() as PacingSuggestions;
    expect(assessment.pressures).toEqual([]);
  });

  it("offers no action where a stage has fewer than 3 check-ins", async () => {
    const answer = await suggestions(quiet);
    expect(answer.pressures).toEqual([]);
    expect(answer.interventions.map((i) => i.id)).toContain("sequencing");
    expect(answer.interventions.every((i) => i.actions.length === 0)).toBe(true);
  });

  it("counts a concept nobody reviewed at 0", async () => {
    await addCard("Unseen", 4);
    const [workedExample] = actionsOf(await suggestions(), "worked-examples");
    expect(workedExample?.label).toBe("Add a worked example to Unseen, whose class mastery is 0 %");
    await t.database.db.delete(pivotCardTable).where(eq(pivotCardTable.id, cards.Unseen ?? 0));
  });

  it("schedules the pivot review session in one click, two days before the launch, and records it", async () => {
    const reply = await as(alice, "POST", `/api/projects/${project.id}/pacing-actions/review-session`, {
      interventionId: "sequencing",
      stage: "pivot",
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const { milestone, action } = reply.json();
    expect(milestone).toMatchObject({
      title: "Pivot review session",
      dueAt: at(8).toISOString(),
      deliverables: [
        "Review Recursion (class mastery 42 %)",
        "Review Closures (class mastery 70 %)",
        "Review Pointers (class mastery 90 %)",
      ],
    });
    expect(action).toMatchObject({
      kind: "review-session",
      stage: "pivot",
      targetId: milestone.id,
      appliedBy: alice.faculty.id,
      before: { mentalEffort: 8, intrinsicLoad: 7, extraneousLoad: 3 },
      beforeResponses: 3,
    });
    const timeline = (await as(alice, "GET", `/api/projects/${project.id}/milestones`)).json()
      .milestones as Milestone[];
    expect(timeline.find((m) => m.id === milestone.id)).toMatchObject({ stage: "pivot", closedAt: null });
    const answer = await suggestions();
    expect(answer.applied.map((a) => a.id)).toContain(action.id);
    expect(actionsOf(answer, "sequencing").find((a) => a.kind === "review-session")?.appliedId).toBe(
      action.id,
    );
    const again = await as(alice, "POST", `/api/projects/${project.id}/pacing-actions/review-session`, {
      interventionId: "sequencing",
      stage: "pivot",
    });
    expect(again.statusCode).toBe(409);
  });

  it("takes the day before the launch when two days before is past, and refuses when that is too", async () => {
    const soon = await createProjectViaApi(t.app, alice.headers);
    await seed(soon, -1, 3, { mentalEffort: 9 });
    const launch = await addMilestone(alice, soon.id, { title: "Soon", dueAt: at(1.5).toISOString() });
    const url = `/api/projects/${soon.id}/pacing-actions/review-session`;
    const reply = await as(alice, "POST", url, { interventionId: "sequencing", stage: "launch" });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().milestone.dueAt).toBe(at(0.5).toISOString());
    await as(alice, "PUT", `/api/milestones/${launch.id}`, {
      title: "Soon",
      stage: "launch",
      dueAt: at(0.5).toISOString(),
      deliverables: [],
    });
    const late = await as(alice, "POST", url, { interventionId: "worked-examples", stage: "launch" });
    expect(late.statusCode).toBe(409);
  });

  it("records a link action marked as applied, refuses it twice or on another's target, and undoes it", async () => {
    const url = `/api/projects/${project.id}/pacing-actions`;
    const body = {
      interventionId: "sequencing",
      kind: "split-deliverable",
      stage: "launch",
      targetId: conceptMap.id,
    };
    const reply = await as(alice, "POST", url, body);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({
      targetLabel: "Concept map",
      before: { mentalEffort: 8, intrinsicLoad: 5, extraneousLoad: 3 },
      beforeResponses: 4,
    });
    expect(actionsOf(await suggestions(), "sequencing")[0]?.appliedId).toBe(reply.json().id);
    expect((await as(alice, "POST", url, body)).statusCode).toBe(409);
    expect((await as(alice, "POST", url, { ...body, targetId: bobMilestone.id })).statusCode).toBe(409);
    expect(
      (await as(alice, "POST", url, { ...body, kind: "worked-example", targetId: conceptMap.id })).statusCode,
    ).toBe(409);
    expect((await as(alice, "POST", url, { ...body, interventionId: "nonsense" })).statusCode).toBe(409);
    const bad = await as(alice, "POST", url, { ...body, kind: "teleport", targetId: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Kind must be|Invalid target/);
    expect((await as(alice, "DELETE", `${url}/${reply.json().id}`)).statusCode).toBe(204);
    expect((await as(alice, "DELETE", `${url}/${reply.json().id}`)).statusCode).toBe(404);
    expect(actionsOf(await suggestions(), "sequencing")[0]?.appliedId).toBeNull();
  });

  it("shows an applied action's effect from the 14 days before and after, each side only from 3 check-ins", async () => {
    const url = `/api/projects/${project.id}/pacing-actions`;
    const applied = await as(alice, "POST", url, {
      interventionId: "sequencing",
      kind: "move-due-date",
      stage: "launch",
      targetId: conceptMap.id,
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const id = applied.json().id as number;
    const effect = async () => (await suggestions()).applied.find((a) => a.id === id)?.effect;
    // Before: the 4 launch check-ins at 8 (intrinsic 5, extraneous 3); a check-in older than 14 days is not counted.
    await seed(project, -20, 1, { mentalEffort: 1 });
    await seed(project, 1, 1, { mentalEffort: 6, intrinsicItems: [4, 4, 4], extraneousItems: [2, 2, 2] });
    await seed(project, 2, 1, { mentalEffort: 5, intrinsicItems: [5, 5, 5], extraneousItems: [2, 2, 2] });
    expect(await effect()).toEqual({
      before: { responses: 4, means: { mentalEffort: 8, intrinsicLoad: 5, extraneousLoad: 3 }, notice: null },
      after: { responses: 2, means: null, notice: "Not enough check-ins yet (2 of 3)" },
    });
    await seed(project, 3, 1, { mentalEffort: 7, intrinsicItems: [6, 6, 6], extraneousItems: [2, 2, 2] });
    // A check-in 14 days after or later is outside the window; a pivot one is another stage.
    await seed(project, 14, 1, { mentalEffort: 1 });
    await seed(project, 2, 1, { context: "pivot", mentalEffort: 1 });
    expect((await effect())?.after).toEqual({
      responses: 3,
      means: { mentalEffort: 6, intrinsicLoad: 5, extraneousLoad: 2 },
      notice: null,
    });
  });

  it("hides the actions while the project's suggestions are off, and refuses to apply them", async () => {
    const pacingUrl = `/api/projects/${project.id}/pacing`;
    expect((await as(alice, "PATCH", pacingUrl, { suggestions: false })).statusCode).toBe(200);
    const answer = await suggestions();
    expect(answer.suggestionsOn).toBe(false);
    expect(answer.interventions.length).toBeGreaterThan(0);
    expect(answer.interventions.every((i) => i.actions.length === 0)).toBe(true);
    const apply = await as(alice, "POST", `/api/projects/${project.id}/pacing-actions`, {
      interventionId: "sequencing",
      kind: "split-deliverable",
      stage: "launch",
      targetId: conceptMap.id,
    });
    expect(apply.statusCode).toBe(409);
    expect(apply.json().message).toBe("Suggestions are off for this project.");
    expect((await as(alice, "PATCH", pacingUrl, { suggestions: true })).statusCode).toBe(200);
    expect(actionsOf(await suggestions(), "sequencing").length).toBeGreaterThan(0);
  });

  it("answers the owner only: another instructor 404, a student 403", async () => {
    const url = `/api/projects/${project.id}/pacing-suggestions`;
    expect((await as(bob, "GET", url)).statusCode).toBe(404);
    expect((await as(student, "GET", url)).statusCode).toBe(403);
    const review = `/api/projects/${project.id}/pacing-actions/review-session`;
    expect((await as(bob, "POST", review, { interventionId: "sequencing", stage: "pivot" })).statusCode).toBe(
      404,
    );
    expect((await as(alice, "GET", "/api/projects/0/pacing-suggestions")).statusCode).toBe(400);
    expect((await as(alice, "GET", `${url}?timeframe=forever`)).statusCode).toBe(400);
  });
});
