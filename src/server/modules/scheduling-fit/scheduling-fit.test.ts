import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { createEmptyCard, default_w, fsrs, generatorParameters, Rating } from "ts-fsrs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIT_MIN_REVIEWS, FIT_MIN_STUDENTS } from "#shared/schemas/pacing.ts";
import { DEFAULT_RETENTION } from "#shared/schemas/pivot-assets.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { fastJobs } from "../../test/knowledge.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { waitFor } from "../../test/wait-for.ts";
import { type FsrsColumns, newItemColumns, review } from "../pivot-assets/scheduling.ts";
import {
  type Catalogue,
  createPracticeCatalogues,
  launchAt,
} from "../student-practice/practice-catalogue.ts";
import {
  practiceCatalogueVersionTable,
  studentReviewTable,
} from "../student-practice/student-practice.table.ts";
import { createSchedulingFitService } from "./scheduling-fit.service.ts";
import { schedulingFitTable } from "./scheduling-fit.table.ts";
import { simulateClass, UNLIKE_DEFAULTS } from "./simulated-class.ts";

/** A project's fitted scheduling through its routes, its job, and a student's next review. */
let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Person;
let otherInstructor: Person;
const students: Person[] = [];
const STUDENTS = 12;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ config: { jobs: fastJobs } });
  owner = await signedInFaculty(t.app, t.database.db);
  otherInstructor = await signedInFaculty(t.app, t.database.db);
  for (let index = 0; index < STUDENTS; index += 1) {
    students.push(await signedInFaculty(t.app, t.database.db, { role: "student" }));
  }
}, 60_000);
afterAll(() => t?.close());

const as = (who: Person, method: InjectOptions["method"], url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let addresses = 0;
/** A project of the owner with `items` flashcards on one card, every student enrolled. */
async function classProject(items: number) {
  const project = await createProjectViaApi(t.app, owner.headers, { title: "Fitted course" });
  const card = await as(owner, "POST", "/api/pivot-cards", {
    title: "Opportunity cost",
    discipline: "economics",
    definition: "The value of the next best alternative given up.",
    projectId: project.id,
  });
  expect(card.statusCode, card.body).toBe(201);
  const itemIds: number[] = [];
  for (let index = 0; index < items; index += 1) {
    const reply = await as(owner, "POST", "/api/retrieval-items", {
      pivotCardId: card.json().id,
      type: "flashcard",
      question: `Question ${index + 1}?`,
      answer: "This.",
    });
    expect(reply.statusCode, reply.body).toBe(201);
    itemIds.push(reply.json().id);
  }
  for (const student of students) {
    addresses += 1;
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/student/join",
      headers: student.headers,
      remoteAddress: `10.8.${Math.floor(addresses / 250)}.${addresses % 250}`,
      payload: { code: project.joinCode },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  }
  return { project, itemIds };
}

/** A simulated review log of the class in the project, written straight into student_review. */
async function insertReviews(
  projectId: number,
  itemIds: number[],
  reviews: number,
  truth: readonly number[],
) {
  const log = simulateClass({
    students: STUDENTS,
    reviews,
    truth,
    seed: 42,
    itemIds,
    studentIds: students.map((student) => student.faculty.id),
    start: new Date("2026-05-04T00:00:00Z"),
  });
  for (let start = 0; start < log.length; start += 500) {
    await t.database.db.insert(studentReviewTable).values(
      log.slice(start, start + 500).map((review) => ({
        studentId: review.studentId,
        itemId: review.itemId,
        projectId,
        rating: review.rating,
        reviewedAt: review.reviewedAt,
        dueAt: review.reviewedAt,
        previousState: 2,
      })),
    );
  }
}

const fitOf = async (projectId: number, who: Person = owner) => {
  const reply = await as(who, "GET", `/api/projects/${projectId}/scheduling-fit`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
};

/** The due date FSRS's defaults give a new item graded Easy now (no launch). */
const defaultEasyDue = (at: Date) =>
  fsrs(generatorParameters({ w: default_w, request_retention: DEFAULT_RETENTION, enable_fuzz: false }))
    .next(createEmptyCard(at), at, Rating.Easy)
    .card.due.toISOString();

describe("scheduling fitted to a course", () => {
  it("refuses to fit without enough data, naming what there is and what is needed", async () => {
    const { project, itemIds } = await classProject(4);
    await insertReviews(project.id, itemIds, 6, default_w);
    const before = await fitOf(project.id);
    expect(before).toMatchObject({ inUse: "defaults", outcome: null, defaults: null, job: null });
    expect(before.data).toMatchObject({
      enough: false,
      neededReviews: FIT_MIN_REVIEWS,
      neededStudents: FIT_MIN_STUDENTS,
    });
    const reply = await as(owner, "POST", `/api/projects/${project.id}/scheduling-fit`);
    expect(reply.statusCode, reply.body).toBe(409);
    expect(reply.json().message).toBe(
      `Not enough data yet: ${before.data.reviews} reviews from ${before.data.students} students; a fit needs at least 1,000 reviews from 10 students.`,
    );
  });

  it("fits through the job, shows the figures, and schedules the class with the fit while switched on", async () => {
    const { project, itemIds } = await classProject(30);
    await insertReviews(project.id, itemIds, 120, UNLIKE_DEFAULTS);
    expect((await fitOf(project.id)).data.enough).toBe(true);
    const queued = await as(owner, "POST", `/api/projects/${project.id}/scheduling-fit`);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().job).not.toBeNull();
    const fit = await waitFor(async () => {
      const now = await fitOf(project.id);
      return now.outcome !== null && now.job === null ? now : null;
    }, 60_000);
    expect(fit.outcome, fit.reason).toBe("fitted");
    expect(fit.inUse).toBe("fitted");
    expect(fit.students).toBe(STUDENTS);
    expect(fit.reviews).toBeGreaterThanOrEqual(FIT_MIN_REVIEWS);
    expect(fit.fitted.logLoss).toBeLessThan(fit.defaults.logLoss);
    expect(fit.reason).toMatch(
      /^The fitted parameters predict [\d,]+ held-out reviews of 2 students better than the defaults \(log loss 0\.\d{3} to 0\.\d{3}, RMSE/,
    );

    // A student's review in the project: an item new to them graded Easy is due after the fitted
    // first stability, not the defaults'.
    const [ada, ben] = students as [Person, Person];
    const first = await as(ada, "POST", "/api/student/reviews", { itemId: itemIds[29], rating: 4 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().nextDue).not.toBe(defaultEasyDue(t.clock.now()));

    // Switched off: the defaults again; the figures stay.
    const off = await as(owner, "PATCH", `/api/projects/${project.id}/pacing`, { fittedScheduling: false });
    expect(off.statusCode, off.body).toBe(200);
    const second = await as(ben, "POST", "/api/student/reviews", { itemId: itemIds[29], rating: 4 });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().nextDue).toBe(defaultEasyDue(t.clock.now()));
    const shown = await fitOf(project.id);
    expect(shown).toMatchObject({ inUse: "switched-off", outcome: "fitted", fittedScheduling: false });
    expect(shown.fitted).toEqual(fit.fitted);

    // A fit that times out is recorded with its reason and changes nothing in use.
    await as(owner, "PATCH", `/api/projects/${project.id}/pacing`, { fittedScheduling: true });
    const [before] = await t.database.db
      .select()
      .from(schedulingFitTable)
      .where(eq(schedulingFitTable.projectId, project.id));
    const stopped = createSchedulingFitService({
      db: t.database.db,
      jobs: {} as never,
      projects: {} as never,
      pacingOptions: {} as never,
      now: t.clock.now,
      limits: { timeoutMs: 1, memoryLimitMb: 256 },
    });
    expect(await stopped.fitProject(project.id)).toEqual({ outcome: "failed" });
    const after = await fitOf(project.id);
    expect(after).toMatchObject({
      inUse: "fitted",
      outcome: "failed",
      reason: "The fit failed (the fit took longer than 0 s); the parameters in use did not change.",
      fitted: fit.fitted,
      fittedAt: fit.fittedAt,
    });
    const [kept] = await t.database.db
      .select()
      .from(schedulingFitTable)
      .where(eq(schedulingFitTable.projectId, project.id));
    expect(kept?.parameters).toEqual(before?.parameters);
  }, 90_000);

  it("keeps the defaults for a class whose memory follows them, and says why with the numbers", async () => {
    const { project, itemIds } = await classProject(30);
    await insertReviews(project.id, itemIds, 120, default_w);
    const queued = await as(owner, "POST", `/api/projects/${project.id}/scheduling-fit`);
    expect(queued.statusCode, queued.body).toBe(202);
    const fit = await waitFor(async () => {
      const now = await fitOf(project.id);
      return now.outcome !== null && now.job === null ? now : null;
    }, 60_000);
    expect(fit).toMatchObject({ outcome: "kept-defaults", inUse: "defaults", fittedAt: null });
    expect(fit.reason).toMatch(
      /^The fitted parameters do not predict [\d,]+ held-out reviews of 2 students better than the defaults \(log loss 0\.\d{3} against 0\.\d{3}, RMSE 0\.\d{3} against 0\.\d{3}\), so the defaults stay\.$/,
    );
  }, 90_000);

  it("drops a student's own parameters when they leave the project", async () => {
    const { project } = await classProject(1);
    const [leaver, stayer] = students as [Person, Person];
    const own = {
      parameters: [...UNLIKE_DEFAULTS],
      outcome: "fitted" as const,
      reason: "Fitted.",
      attemptedAt: t.clock.now(),
    };
    await t.database.db.insert(schedulingFitTable).values([
      { projectId: project.id, studentId: 0, ...own },
      { projectId: project.id, studentId: leaver.faculty.id, ...own },
      { projectId: project.id, studentId: stayer.faculty.id, ...own },
    ]);
    const left = await as(leaver, "DELETE", `/api/student/projects/${project.id}`);
    expect(left.statusCode, left.body).toBe(204);
    const rows = await t.database.db
      .select({ studentId: schedulingFitTable.studentId })
      .from(schedulingFitTable)
      .where(eq(schedulingFitTable.projectId, project.id));
    expect(rows.map((row) => row.studentId).sort((a, b) => a - b)).toEqual([0, stayer.faculty.id]);
  });

  it("is the owner's only", async () => {
    const { project } = await classProject(1);
    const url = `/api/projects/${project.id}/scheduling-fit`;
    expect((await as(otherInstructor, "GET", url)).statusCode).toBe(404);
    expect((await as(otherInstructor, "POST", url)).statusCode).toBe(404);
    expect((await as(students[0] as Person, "GET", url)).statusCode).toBe(403);
    expect((await as(students[0] as Person, "POST", url)).statusCode).toBe(403);
  });
});

describe("aiming at the launch", () => {
  const catalogueOf = async (projectId: number) => {
    const [counter] = await t.database.db
      .select()
      .from(practiceCatalogueVersionTable)
      .where(eq(practiceCatalogueVersionTable.projectId, projectId));
    const found = await catalogues.at(new Map([[projectId, counter?.version ?? 0]]));
    return found.get(projectId) as Catalogue;
  };
  let catalogues: ReturnType<typeof createPracticeCatalogues>;
  beforeAll(() => {
    catalogues = createPracticeCatalogues(t.database.db);
  });

  it("reaches the scheduler when the owner's date or a launch milestone changes", async () => {
    const { project } = await classProject(1);
    const at = t.clock.now();
    expect(launchAt((await catalogueOf(project.id)).scheduling, at)).toBeNull();
    const milestone = await as(owner, "POST", `/api/projects/${project.id}/milestones`, {
      title: "Launch",
      stage: "launch",
      dueAt: "2026-10-01T09:00:00Z",
    });
    expect(milestone.statusCode, milestone.body).toBe(201);
    expect(launchAt((await catalogueOf(project.id)).scheduling, at)?.toISOString()).toBe(
      "2026-10-01T09:00:00.000Z",
    );
    await as(owner, "PATCH", `/api/projects/${project.id}/pacing`, { launchDate: "2026-09-20T09:00:00Z" });
    expect(launchAt((await catalogueOf(project.id)).scheduling, at)?.toISOString()).toBe(
      "2026-09-20T09:00:00.000Z",
    );
    const moved = await as(owner, "PUT", `/api/milestones/${milestone.json().id}`, {
      title: "Launch",
      stage: "launch",
      dueAt: "2026-09-15T09:00:00Z",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await as(owner, "PATCH", `/api/projects/${project.id}/pacing`, { launchDate: null });
    expect(launchAt((await catalogueOf(project.id)).scheduling, at)?.toISOString()).toBe(
      "2026-09-15T09:00:00.000Z",
    );
  });

  it("brings a review's due date forward when FSRS's whole days would pass the launch below the retention", () => {
    const at = new Date("2026-09-01T18:00:00Z");
    // A review-state item whose next stability's whole-day interval is rounded up past it.
    let found: { row: FsrsColumns; stability: number } | null = null;
    for (let stability = 3; stability < 40 && !found; stability += 0.05) {
      const row: FsrsColumns = {
        ...newItemColumns(at),
        state: 2,
        stability,
        difficulty: 5,
        reps: 3,
        lastReview: new Date(at.getTime() - Math.round(stability) * DAY),
        due: at,
      };
      const next = review(row, Rating.Good, at, DEFAULT_RETENTION);
      const days = (next.due.getTime() - at.getTime()) / DAY;
      if (days - next.stability > 0.3) found = { row, stability: next.stability };
    }
    if (!found) throw new Error("no item rounded up");
    const plain = review(found.row, Rating.Good, at, DEFAULT_RETENTION);
    const launch = new Date(at.getTime() + (found.stability + 0.2) * DAY);
    expect(plain.due.getTime()).toBeGreaterThan(launch.getTime());
    const aimed = review(found.row, Rating.Good, at, DEFAULT_RETENTION, { launch });
    expect(aimed.due.toISOString()).toBe(
      new Date(at.getTime() + Math.floor(found.stability + 0.2) * DAY).toISOString(),
    );
    expect(aimed.stability).toBe(plain.stability);
    // A launch after FSRS's due date changes nothing.
    const later = new Date(plain.due.getTime() + DAY);
    expect(review(found.row, Rating.Good, at, DEFAULT_RETENTION, { launch: later })).toEqual(plain);
  });
});
