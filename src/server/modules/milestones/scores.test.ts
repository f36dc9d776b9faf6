import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectScores } from "#shared/schemas/scores.ts";
import { readCsv } from "../../lib/csv.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { spreadOf } from "./assessments.scores.ts";
import { milestoneTable, rubricTable } from "./milestones.table.ts";

/** A project's scores for Analytics (GET /api/projects/:id/scores) and the same scores as CSV. */
let t: TestApp;
type Account = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Account;
let otherInstructor: Account;
let ada: Account;
let ben: Account;
let cy: Account;
let dee: Account;
let eve: Account;
let project: { id: number; joinCode: string; title: string };
let ids: { launch: number; pivot: number; final: number };

const HOUR = 60 * 60 * 1000;

// Evidence weighs twice Clarity; the maximum is 4 + 3 = 7 points.
const criteria = [
  {
    id: "evidence",
    title: "Evidence",
    weight: 2,
    levels: [
      { title: "Strong", descriptor: "Cited and weighed", points: 4 },
      { title: "Partial", descriptor: "Cited", points: 2 },
      { title: "Missing", descriptor: "None", points: 0 },
    ],
  },
  {
    id: "clarity",
    title: "Clarity",
    weight: 1,
    levels: [
      { title: "Clear", descriptor: "Reads at once", points: 3 },
      { title: "Unclear", descriptor: "Hard to follow", points: 1 },
    ],
  },
];

type Method = "GET" | "POST" | "PUT";
const call = (method: Method, url: string, who: Account, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const handIn = async (who: Account, milestoneId: number, text: string) => {
  const reply = await call("POST", `/api/milestones/${milestoneId}/submissions`, who, { text });
  expect(reply.statusCode).toBe(201);
  return reply.json() as { id: number };
};
const assess = async (submissionId: number, levels: Record<string, number>, status: "draft" | "final") => {
  const scores = Object.entries(levels).map(([criterionId, level]) => ({ criterionId, level }));
  const reply = await call("PUT", `/api/submissions/${submissionId}/assessment`, owner, { scores, status });
  expect(reply.statusCode).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInFaculty(t.app, t.database.db);
  otherInstructor = await signedInFaculty(t.app, t.database.db);
  const student = (name: string) => signedInFaculty(t.app, t.database.db, { role: "student", name });
  ada = await student("Ada Student");
  ben = await student("Ben Student");
  cy = await student("Cy Student");
  dee = await student("Dee Student");
  eve = await student("Eve Student");
  project = await createProjectViaApi(t.app, owner.headers, { title: "Scores Lab" });
  for (const who of [ada, ben, cy, dee, eve]) {
    expect((await call("POST", "/api/student/join", who, { code: project.joinCode })).statusCode).toBe(200);
  }
  const [rubric] = await t.database.db
    .insert(rubricTable)
    .values({ facultyId: owner.faculty.id, title: "Pitch rubric", criteria })
    .returning();
  const insert = async (title: string, dueInHours: number, rubricId: number | null) => {
    const [row] = await t.database.db
      .insert(milestoneTable)
      .values({
        projectId: project.id,
        title,
        stage: title === "Final" ? "final" : title === "Pivot" ? "pivot" : "launch",
        dueAt: new Date(t.clock.now().getTime() + dueInHours * HOUR),
        rubricId,
      })
      .returning();
    return row?.id ?? 0;
  };
  // Created out of due order: the answer follows the due dates.
  const launch = await insert("Launch", 48, rubric?.id ?? null);
  const pivot = await insert("Pivot", 1, rubric?.id ?? null);
  const final = await insert("Final", 96, null);
  ids = { launch, pivot, final };

  // Pivot: Ada 100, Ben 33.3 (Clarity only), Cy 44.4 final; Dee's 66.7 is a draft, handed in late.
  await assess((await handIn(ada, pivot, "Pivot A")).id, { evidence: 0, clarity: 0 }, "final");
  await assess((await handIn(ben, pivot, "Pivot B")).id, { clarity: 0 }, "final");
  await assess((await handIn(cy, pivot, "Pivot C")).id, { evidence: 1, clarity: 1 }, "final");
  t.clock.advance(2 * HOUR);
  await assess((await handIn(dee, pivot, "Pivot D")).id, { evidence: 0 }, "draft");
  expect((await call("POST", `/api/milestones/${pivot}/feedback-release`, owner)).statusCode).toBe(200);
  // Launch: Ada's first version is final (66.7), her revision is not assessed yet; Ben's is 66.7.
  await assess((await handIn(ada, launch, "Launch A v1")).id, { evidence: 0 }, "final");
  await handIn(ada, launch, "Launch A v2");
  await assess((await handIn(ben, launch, "Launch B")).id, { evidence: 0 }, "final");
});
afterAll(() => t?.close());

const scores = async (who: Account = owner) => call("GET", `/api/projects/${project.id}/scores`, who);

describe("a project's scores", () => {
  it("lists the milestones in due order with their rubric, counts and the spread of final scores", async () => {
    const reply = await scores();
    expect(reply.statusCode).toBe(200);
    const body = reply.json() as ProjectScores;
    expect(body.project).toEqual({ id: project.id, title: "Scores Lab" });
    expect(body.milestones.map((milestone) => milestone.id)).toEqual([ids.pivot, ids.launch, ids.final]);
    const [pivot, launch, final] = body.milestones;
    // Finals 100, 33.33… and 44.44…: mean 59.26, median 44.4; Dee's draft counts nowhere.
    expect(pivot).toMatchObject({
      title: "Pivot",
      stage: "pivot",
      rubricTitle: "Pitch rubric",
      maximum: 7,
      enrolled: 5,
      handedIn: 4,
      late: 1,
      scored: 3,
      released: true,
      mean: 59.3,
      median: 44.4,
      min: 33.3,
      max: 100,
    });
    // Ada's latest version is unassessed: only Ben's final counts.
    expect(launch).toMatchObject({
      handedIn: 2,
      late: 0,
      scored: 1,
      released: false,
      mean: 66.7,
      median: 66.7,
      min: 66.7,
      max: 66.7,
    });
    expect(final).toMatchObject({
      rubricTitle: null,
      maximum: null,
      handedIn: 0,
      scored: 0,
      released: false,
      mean: null,
      median: null,
      min: null,
      max: null,
    });
  });

  it("gives each enrolled student a score per milestone, none for drafts, revisions or no hand-in", async () => {
    const body = (await scores()).json() as ProjectScores;
    expect(body.students).toEqual([
      { id: ada.faculty.id, name: "Ada Student", scores: [100, null, null] },
      { id: ben.faculty.id, name: "Ben Student", scores: [33.3, 66.7, null] },
      { id: cy.faculty.id, name: "Cy Student", scores: [44.4, null, null] },
      { id: dee.faculty.id, name: "Dee Student", scores: [null, null, null] },
      { id: eve.faculty.id, name: "Eve Student", scores: [null, null, null] },
    ]);
  });

  it("writes the same numbers to the CSV", async () => {
    const body = (await scores()).json() as ProjectScores;
    const csv = await call("GET", `/api/projects/${project.id}/scores.csv`, owner);
    expect(csv.statusCode).toBe(200);
    expect(readCsv(csv.body).map((row) => row.cells)).toEqual([
      ["Student", ...body.milestones.map((milestone) => milestone.title)],
      ...body.students.map((student) => [
        student.name,
        ...student.scores.map((score) => (score === null ? "" : String(score))),
      ]),
    ]);
  });

  it("answers 404 to another instructor and 403 to a student, like the CSV", async () => {
    const csv = (who: Account) => call("GET", `/api/projects/${project.id}/scores.csv`, who);
    expect((await scores(otherInstructor)).statusCode).toBe(404);
    expect((await csv(otherInstructor)).statusCode).toBe(404);
    expect((await scores(ada)).statusCode).toBe(403);
    expect((await csv(ada)).statusCode).toBe(403);
    expect((await call("GET", "/api/projects/999999/scores", owner)).statusCode).toBe(404);
  });
});

describe("the spread of final scores", () => {
  it("takes the middle pair's mean as the median of an even count, and nothing of none", () => {
    expect(spreadOf([80, 20, 50, 60])).toEqual({ mean: 52.5, median: 55, min: 20, max: 80 });
    expect(spreadOf([])).toEqual({ mean: null, median: null, min: null, max: null });
  });
});
