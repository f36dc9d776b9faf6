import { and, eq, type SQL } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import {
  createEmptyCard,
  default_w,
  forgetting_curve,
  fsrs,
  type Grade,
  generatorParameters,
  Rating,
} from "ts-fsrs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatInterval } from "#shared/domain/pivot-assets.ts";
import { ENROLMENT_MESSAGES } from "#shared/schemas/enrolment.ts";
import { DEFAULT_RETENTION } from "#shared/schemas/pivot-assets.ts";
import { STUDENT_MESSAGES } from "#shared/schemas/student.ts";
import type { Caller } from "../../lib/access.ts";
import { refreshCardMastery } from "../../test/card-mastery.ts";
import { bearer, createProjectViaApi, signedInFaculty, signIn } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { retrievalItemTable } from "../pivot-assets/pivot-assets.table.ts";
import { createSchedulingService } from "../pivot-assets/scheduling.service.ts";
import { type Catalogue, createPracticeCatalogues } from "./practice-catalogue.ts";
import { createStudentPracticeRepository } from "./student-practice.repository.ts";
import { createStudentPracticeService, daysInARow } from "./student-practice.service.ts";
import {
  practiceCatalogueVersionTable,
  studentCardMasteryTable,
  studentReviewTable,
  studentScheduleTable,
} from "./student-practice.table.ts";

/** A student's own practice, FSRS per student and item. */
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Person;
let other: Person;
let ada: Person;
let ben: Person;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInFaculty(t.app, t.database.db);
  other = await signedInFaculty(t.app, t.database.db);
  ada = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ada Student" });
  ben = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ben Student" });
});
afterAll(() => t?.close());

const as = (who: Person, method: InjectOptions["method"], url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let addresses = 0;
async function enrol(who: Person, joinCode: string) {
  addresses += 1;
  const reply = await t.app.inject({
    method: "POST",
    url: "/api/student/join",
    headers: who.headers,
    remoteAddress: `10.9.${Math.floor(addresses / 250)}.${addresses % 250}`,
    payload: { code: joinCode },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

/** An owner's project with one linked card of `items` flashcards (and a concept check when asked). */
async function projectWithItems(
  who: Person,
  options: { title?: string; discipline?: string; items?: number; conceptCheck?: boolean } = {},
) {
  const project = await createProjectViaApi(t.app, who.headers, { title: options.title ?? "Launch project" });
  const card = await as(who, "POST", "/api/pivot-cards", {
    title: `${options.title ?? "Concept"} card`,
    discipline: options.discipline ?? "economics",
    definition: "The value of the next best alternative given up.",
    projectId: project.id,
  });
  expect(card.statusCode, card.body).toBe(201);
  const items: Array<{ id: number }> = [];
  for (let index = 0; index < (options.items ?? 2); index++) {
    const reply = await as(who, "POST", "/api/retrieval-items", {
      pivotCardId: card.json().id,
      type: "flashcard",
      question: `Question ${index + 1} of ${options.title ?? "the project"}?`,
      answer: "This.",
    });
    expect(reply.statusCode, reply.body).toBe(201);
    items.push(reply.json());
  }
  if (options.conceptCheck) {
    const reply = await as(who, "POST", "/api/retrieval-items", {
      pivotCardId: card.json().id,
      type: "concept-check",
      question: "Which one is it?",
      options: ["This", "That"],
      correctIndex: 0,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    items.push(reply.json());
  }
  return { project, card: card.json() as { id: number }, items };
}

const due = async (who: Person, query = "") => {
  const reply = await as(who, "GET", `/api/student/practice/due${query}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as { total: number; items: Array<Record<string, unknown> & { id: number }> };
};
const grade = (who: Person, itemId: number, rating: number) =>
  as(who, "POST", "/api/student/reviews", { itemId, rating });
const progress = async (who: Person, tz = "UTC") => {
  const reply = await as(who, "GET", `/api/student/practice/progress?tz=${encodeURIComponent(tz)}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
};
/** Moves the clock; sessions expire as time passes, so everyone signs in again. */
async function travel(ms: number) {
  t.clock.advance(ms);
  for (const who of [owner, other, ada, ben])
    who.headers = bearer(await signIn(t.app, who.faculty.email, who.faculty.password));
}
/** A fresh student (their own schedule and log, untouched by the other tests). */
const newStudent = () => signedInFaculty(t.app, t.database.db, { role: "student" });
/** The test database with `before` run ahead of each raw statement (`db.execute`). */
const beforeEachStatement = (before: (query: SQL) => Promise<unknown> | undefined) =>
  new Proxy(t.database.db, {
    get(target, property, receiver) {
      if (property !== "execute") return Reflect.get(target, property, receiver);
      return async (query: SQL) => {
        await before(query);
        return target.execute(query);
      };
    },
  });

describe("the due list", () => {
  it("lists the items of enrolled projects only, new ones first due, and narrows to one project", async () => {
    const a = await projectWithItems(owner, { title: "Project A", discipline: "economics" });
    const b = await projectWithItems(owner, { title: "Project B", discipline: "biology", items: 3 });
    const student = await newStudent();
    expect(await due(student)).toEqual({ total: 0, items: [] });

    await enrol(student, a.project.joinCode);
    const onlyA = await due(student);
    expect(onlyA.total).toBe(2);
    expect(onlyA.items.map((item) => item.id).sort()).toEqual(a.items.map((item) => item.id).sort());
    expect(onlyA.items[0]).toMatchObject({
      projectId: a.project.id,
      projectTitle: "Project A",
      pivotCardId: a.card.id,
      pivotCardTitle: "Project A card",
      discipline: "economics",
      type: "flashcard",
      answer: "This.",
      options: null,
      state: "new",
      intervals: { again: "1 min", hard: "6 min", good: "10 min", easy: expect.stringMatching(/ d$/) },
    });

    await enrol(student, b.project.joinCode);
    const both = await due(student, "?limit=4");
    expect(both.total).toBe(5);
    expect(both.items).toHaveLength(4);
    // Interleaved by discipline: economics, biology, economics, biology.
    expect(both.items.map((item) => item.discipline)).toEqual([
      "economics",
      "biology",
      "economics",
      "biology",
    ]);
    const narrowed = await due(student, `?projectId=${b.project.id}`);
    expect(narrowed.total).toBe(3);
    expect(narrowed.items.every((item) => item.projectId === b.project.id)).toBe(true);
  });

  it("answers 404 for a project the student is not enrolled in, and 400 for bad input", async () => {
    const a = await projectWithItems(owner, { title: "Not joined" });
    const student = await newStudent();
    for (const id of [a.project.id, 999_999]) {
      const reply = await as(student, "GET", `/api/student/practice/due?projectId=${id}`);
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe(ENROLMENT_MESSAGES.notEnrolled);
    }
    const bad = await as(student, "GET", "/api/student/practice/due?limit=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("limit must be a number from 1 to 200");
    const zone = await as(student, "GET", "/api/student/practice/progress?tz=Mars/Olympus");
    expect(zone.statusCode).toBe(400);
  });

  it("drops an item whose card is unlinked from the project", async () => {
    const a = await projectWithItems(owner, { title: "Unlinked" });
    const student = await newStudent();
    await enrol(student, a.project.joinCode);
    expect((await due(student)).total).toBe(2);
    const card = (await as(owner, "GET", `/api/pivot-cards/${a.card.id}`)).json();
    const unlink = await as(owner, "PUT", `/api/pivot-cards/${a.card.id}`, {
      title: card.title,
      discipline: card.discipline,
      definition: card.definition,
      projectId: null,
    });
    expect(unlink.statusCode, unlink.body).toBe(200);
    expect(await due(student)).toEqual({ total: 0, items: [] });
    const reply = await grade(student, a.items[0]?.id as number, 3);
    expect(reply.statusCode).toBe(404);
    expect((await progress(student)).concepts).toEqual([]);
  });

  it("never lists another instructor's card linked to the project", async () => {
    const a = await projectWithItems(owner, { title: "Owner's" });
    // Another instructor cannot link their card to a project they do not own.
    const foreign = await as(other, "POST", "/api/pivot-cards", {
      title: "Foreign",
      discipline: "economics",
      definition: "Not the owner's.",
      projectId: a.project.id,
    });
    expect(foreign.statusCode).toBe(404);
    const student = await newStudent();
    await enrol(student, a.project.joinCode);
    expect((await due(student)).items.every((item) => item.pivotCardId === a.card.id)).toBe(true);
  });
});

describe("the items in memory (practice-catalogue.ts)", () => {
  const version = async (projectId: number) =>
    (
      await t.database.db
        .select()
        .from(practiceCatalogueVersionTable)
        .where(eq(practiceCatalogueVersionTable.projectId, projectId))
    )[0]?.version ?? 0;

  it("holds at most its bound of items, the least recently used projects going first, and never drops a batch's own", async () => {
    let loads = 0;
    const db = beforeEachStatement(() => {
      loads += 1;
      return undefined;
    });
    const catalogues = createPracticeCatalogues(db, { maxItems: 5 });
    type Made = Awaited<ReturnType<typeof projectWithItems>>;
    const [a, b, c] = (await Promise.all(
      ["Bound A", "Bound B", "Bound C"].map((title) => projectWithItems(owner, { title, items: 2 })),
    )) as [Made, Made, Made];
    const versions = async (...projects: Made[]) =>
      new Map(
        await Promise.all(projects.map(async (p) => [p.project.id, await version(p.project.id)] as const)),
      );
    const ids = (found: Map<number, Catalogue>) => [...found.keys()].sort((x, y) => x - y);
    const readsFor = async (...projects: Made[]) => {
      const at = await versions(...projects);
      const before = loads;
      const found = await catalogues.at(at);
      return { reads: loads - before, found: ids(found) };
    };
    const idsOf = (...projects: Made[]) => projects.map((p) => p.project.id).sort((x, y) => x - y);

    expect(await readsFor(a, b)).toEqual({ reads: 1, found: idsOf(a, b) }); // 4 items held
    expect(await readsFor(a)).toEqual({ reads: 0, found: idsOf(a) }); // from memory; b is now the least recent
    expect(await readsFor(c)).toEqual({ reads: 1, found: idsOf(c) }); // 6 > 5: b goes
    expect(await readsFor(a)).toEqual({ reads: 0, found: idsOf(a) });
    expect(await readsFor(b)).toEqual({ reads: 1, found: idsOf(b) }); // read again; c goes
    expect(await readsFor(c)).toEqual({ reads: 1, found: idsOf(c) });
    // A batch whose projects hold more than the bound gets them all.
    const d = await projectWithItems(owner, { title: "Bound D", items: 2 });
    expect(await readsFor(a, b, c, d)).toEqual({ reads: 1, found: idsOf(a, b, c, d) });
  });

  it("shows an instructor's every change at the student's next request, and not an instructor's own review", async () => {
    const a = await projectWithItems(owner, { title: "Edited", items: 2 });
    const student = await newStudent();
    await enrol(student, a.project.joinCode);
    const first = a.items[0]?.id as number;
    expect((await due(student)).items.map((item) => item.question)).toEqual([
      "Question 1 of Edited?",
      "Question 2 of Edited?",
    ]);

    // The instructor practising their own item changes its schedule, not what students see.
    const before = await version(a.project.id);
    expect((await as(owner, "POST", `/api/retrieval-items/${first}/reviews`, { rating: 3 })).statusCode).toBe(
      201,
    );
    expect(await version(a.project.id)).toBe(before);

    const edit = await as(owner, "PUT", `/api/retrieval-items/${first}`, {
      pivotCardId: a.card.id,
      type: "flashcard",
      question: "What is given up?",
      answer: "The next best alternative.",
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await version(a.project.id)).toBeGreaterThan(before);
    let list = await due(student);
    expect(list.items.find((item) => item.id === first)).toMatchObject({
      question: "What is given up?",
      answer: "The next best alternative.",
    });

    const added = await as(owner, "POST", "/api/retrieval-items", {
      pivotCardId: a.card.id,
      type: "concept-check",
      question: "Which one?",
      options: ["This", "That"],
      correctIndex: 1,
    });
    expect(added.statusCode, added.body).toBe(201);
    list = await due(student);
    expect(list.total).toBe(3);
    expect(list.items.find((item) => item.id === added.json().id)).toMatchObject({
      type: "concept-check",
      options: ["This", "That"],
      correctIndex: 1,
      answer: null,
    });

    const card = (await as(owner, "GET", `/api/pivot-cards/${a.card.id}`)).json();
    const renamed = await as(owner, "PUT", `/api/pivot-cards/${a.card.id}`, {
      title: "Opportunity cost",
      discipline: "chemistry",
      definition: card.definition,
      projectId: a.project.id,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const project = await as(owner, "PUT", `/api/projects/${a.project.id}`, { title: "Harbour launch" });
    expect(project.statusCode, project.body).toBe(200);
    list = await due(student);
    expect(
      new Set(list.items.map((item) => `${item.projectTitle}/${item.pivotCardTitle}/${item.discipline}`)),
    ).toEqual(new Set(["Harbour launch/Opportunity cost/chemistry"]));

    expect((await as(owner, "DELETE", `/api/retrieval-items/${first}`)).statusCode).toBe(204);
    list = await due(student);
    expect(list.total).toBe(2);
    expect(list.items.some((item) => item.id === first)).toBe(false);
    expect((await grade(student, first, 3)).statusCode).toBe(404);

    // Deleting the project (its cards unlinked by the foreign key) leaves nothing to practise.
    expect((await as(owner, "DELETE", `/api/projects/${a.project.id}`)).statusCode).toBe(204);
    expect(await due(student)).toEqual({ total: 0, items: [] });
    expect(await version(a.project.id)).toBe(0);
  });

  it("answers a burst of requests batched together, each as if alone", async () => {
    const a = await projectWithItems(owner, { title: "Burst", items: 3 });
    const b = await projectWithItems(owner, { title: "Elsewhere", items: 1 });
    const students = await Promise.all([newStudent(), newStudent(), newStudent(), newStudent()]);
    for (const student of students) await enrol(student, a.project.joinCode);
    const [s1, s2, s3, s4] = students as [Person, Person, Person, Person];
    const [i1, i2, i3] = a.items.map((item) => item.id) as [number, number, number];
    const replies = await Promise.all([
      grade(s1, i1, 3),
      grade(s1, i2, 4),
      grade(s2, i1, 1),
      grade(s3, i1, 3),
      grade(s3, i1, 3),
      grade(s4, 999_999, 3),
      grade(s4, b.items[0]?.id as number, 3),
      as(s4, "GET", `/api/student/practice/due?projectId=${b.project.id}`),
      as(s2, "GET", "/api/student/practice/due"),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201, 201, 201, 201, 404, 404, 404, 200]);
    expect(replies[7]?.json().message).toBe(ENROLMENT_MESSAGES.notEnrolled);
    // s2's list was read before or after their review, never half of each.
    const s2List = replies[8]?.json() as { total: number; items: Array<{ id: number; state: string }> };
    expect(s2List.total === 3 || s2List.items.find((item) => item.id === i1)?.state !== "new").toBe(true);

    const schedules = await t.database.db.select().from(studentScheduleTable);
    const repsOf = (who: Person, itemId: number) =>
      schedules.find((row) => row.studentId === who.faculty.id && row.itemId === itemId)?.reps;
    expect([repsOf(s1, i1), repsOf(s1, i2), repsOf(s1, i3), repsOf(s2, i1), repsOf(s3, i1)]).toEqual([
      1,
      1,
      undefined,
      1,
      2,
    ]);
    // A new item graded in the batch is scheduled, and answered, as ts-fsrs grades it alone by its
    // own grade (the batch works a grade out once for all the new items graded alike).
    const scheduler = fsrs(generatorParameters({ request_retention: DEFAULT_RETENTION, enable_fuzz: false }));
    const firstReviews: Array<[Person, number, Grade, number]> = [
      [s1, i1, Rating.Good, 0],
      [s1, i2, Rating.Easy, 1],
      [s2, i1, Rating.Again, 2],
    ];
    for (const [who, itemId, rating, reply] of firstReviews) {
      const row = schedules.find((each) => each.studentId === who.faculty.id && each.itemId === itemId);
      const at = row?.lastReview as Date;
      const alone = scheduler.next(createEmptyCard(at), at, rating).card;
      expect([row?.due, row?.stability, row?.difficulty, row?.state]).toEqual([
        alone.due,
        alone.stability,
        alone.difficulty,
        alone.state,
      ]);
      const answered = replies[reply]?.json() as { nextDue: string; intervals: { good: string } };
      expect(answered.nextDue).toBe(alone.due.toISOString());
      const goodNext = scheduler.next(alone, at, Rating.Good).card.due.getTime() - at.getTime();
      expect(answered.intervals.good).toBe(formatInterval(goodNext));
    }
    const log = await t.database.db.select().from(studentReviewTable);
    const logged = (who: Person) => log.filter((row) => row.studentId === who.faculty.id).length;
    expect(students.map(logged)).toEqual([2, 1, 2, 0]);

    // Each student's mastery of the card, written with their reviews, is what a full
    // recomputation from their schedules gives.
    const written = await t.database.db
      .select()
      .from(studentCardMasteryTable)
      .where(eq(studentCardMasteryTable.pivotCardId, a.card.id));
    expect(written).toHaveLength(3);
    for (const row of written) {
      await refreshCardMastery(t.database.db, {
        studentId: row.studentId,
        projectId: a.project.id,
        cardIds: [a.card.id],
        at: row.computedAt,
      });
    }
    const recomputed = await t.database.db
      .select()
      .from(studentCardMasteryTable)
      .where(eq(studentCardMasteryTable.pivotCardId, a.card.id));
    for (const row of written) {
      const again = recomputed.find((each) => each.studentId === row.studentId);
      expect(again?.mastery).toBeCloseTo(row.mastery, 12);
    }
    // s1's mastery: i1 after one Good, i2 after one Easy and i3 never reviewed (0), each item's
    // recall 30 days after its review by ts-fsrs's forgetting curve.
    const durable = (rating: Grade) =>
      forgetting_curve(
        default_w,
        30,
        scheduler.next(createEmptyCard(t.clock.now()), t.clock.now(), rating).card.stability,
      );
    expect(written.find((row) => row.studentId === s1.faculty.id)?.mastery).toBeCloseTo(
      (durable(Rating.Good) + durable(Rating.Easy) + 0) / 3,
      7,
    );
  });
});

describe("reviews", () => {
  it("refuses an item of a project the student is not enrolled in (404), and bad ratings (400)", async () => {
    const a = await projectWithItems(owner, { title: "Class A" });
    const b = await projectWithItems(owner, { title: "Class B" });
    const student = await newStudent();
    await enrol(student, a.project.joinCode);
    const itemOfB = b.items[0]?.id as number;
    for (const id of [itemOfB, 999_999]) {
      const reply = await grade(student, id, 3);
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe(STUDENT_MESSAGES.itemNotFound);
    }
    expect((await due(student)).items.some((item) => item.id === itemOfB)).toBe(false);
    const rows = await t.database.db
      .select()
      .from(studentReviewTable)
      .where(eq(studentReviewTable.studentId, student.faculty.id));
    expect(rows).toEqual([]);
    for (const rating of [0, 5, 2.5, "3"]) {
      const reply = await grade(student, a.items[0]?.id as number, rating as number);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toContain("Rating must be 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)");
    }
    // Instructors have no practice: the student routes answer them 403.
    expect((await grade(owner, a.items[0]?.id as number, 3)).statusCode).toBe(403);
  });

  it("schedules per student with ts-fsrs (default retention), leaving the instructor's and other students' schedules alone", async () => {
    const a = await projectWithItems(owner, { title: "Per student" });
    const [itemId] = a.items.map((item) => item.id) as [number];
    const first = await newStudent();
    const second = await newStudent();
    await enrol(first, a.project.joinCode);
    await enrol(second, a.project.joinCode);
    const readItem = async () =>
      (await t.database.db.select().from(retrievalItemTable).where(eq(retrievalItemTable.id, itemId)))[0];
    const instructorBefore = await readItem();

    const scheduler = fsrs(generatorParameters({ request_retention: DEFAULT_RETENTION, enable_fuzz: false }));
    const start = t.clock.now();
    let expected = scheduler.next(createEmptyCard(start), start, Rating.Good).card;
    const reply = await grade(first, itemId, 3);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({
      id: itemId,
      state: "learning",
      nextDue: expected.due.toISOString(),
    });

    await travel(expected.due.getTime() - t.clock.now().getTime() + HOUR);
    const later = t.clock.now();
    expected = scheduler.next(expected, later, Rating.Easy).card;
    const again = await grade(first, itemId, 4);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ state: "review", nextDue: expected.due.toISOString() });

    const [schedule] = await t.database.db
      .select()
      .from(studentScheduleTable)
      .where(
        and(eq(studentScheduleTable.studentId, first.faculty.id), eq(studentScheduleTable.itemId, itemId)),
      );
    expect(schedule).toMatchObject({
      projectId: a.project.id,
      due: expected.due,
      stability: expected.stability,
      difficulty: expected.difficulty,
      reps: expected.reps,
      lapses: expected.lapses,
      state: expected.state,
      lastReview: later,
    });
    const log = await t.database.db
      .select()
      .from(studentReviewTable)
      .where(eq(studentReviewTable.studentId, first.faculty.id));
    expect(log.map((row) => [row.itemId, row.rating, row.previousState, row.projectId])).toEqual([
      [itemId, 3, 0, a.project.id],
      [itemId, 4, 1, a.project.id],
    ]);
    // The instructor's own schedule of the item is the same row as before.
    expect(await readItem()).toEqual(instructorBefore);
    // The other student has no schedule: the item is still new and due for them.
    const theirs = await t.database.db
      .select()
      .from(studentScheduleTable)
      .where(eq(studentScheduleTable.studentId, second.faculty.id));
    expect(theirs).toEqual([]);
    expect((await due(second)).items.find((item) => item.id === itemId)).toMatchObject({ state: "new" });
    // The first student's item is no longer due for them.
    expect((await due(first)).items.some((item) => item.id === itemId)).toBe(false);
    // Their mastery of the card is written for the class figures.
    const [mastery] = await t.database.db
      .select()
      .from(studentCardMasteryTable)
      .where(eq(studentCardMasteryTable.studentId, first.faculty.id));
    // One item reviewed twice (its recall 30 days on, by ts-fsrs's forgetting curve), one never (0).
    expect(mastery).toMatchObject({ pivotCardId: a.card.id, projectId: a.project.id });
    expect(mastery?.mastery).toBeCloseTo((forgetting_curve(default_w, 30, expected.stability) + 0) / 2, 7);
  });

  it("writes nothing for a review whose student left, or whose item was deleted, since the read (404), and saves the rest of its batch", async () => {
    // The service with a repository that runs `meanwhile` just before the batch's write: the leave
    // or the deletion lands between the enrolments read and the write, as a concurrent request may.
    let meanwhile: (() => Promise<unknown>) | undefined;
    const repository = createStudentPracticeRepository(t.database.db);
    const service = createStudentPracticeService({
      db: t.database.db,
      now: t.clock.now,
      scheduling: createSchedulingService({ now: t.clock.now }),
      repository: {
        ...repository,
        async saveReviews(at, reviews) {
          const run = meanwhile;
          meanwhile = undefined;
          await run?.();
          return repository.saveReviews(at, reviews);
        },
      },
    });
    /** Each review's answer: the item's id, or the error's status. */
    const reviewAll = async (...reviews: Array<[Person, number]>) =>
      (
        await Promise.allSettled(
          reviews.map(([who, itemId]) => service.review({ id: who.faculty.id } as Caller, itemId, 3)),
        )
      ).map((result) =>
        result.status === "fulfilled"
          ? result.value.id
          : (result.reason as { statusCode?: number }).statusCode,
      );

    const { project, items } = await projectWithItems(owner, { title: "Meanwhile", items: 3 });
    const [leaving, staying, third] = await Promise.all([newStudent(), newStudent(), newStudent()]);
    for (const student of [leaving, staying, third]) await enrol(student, project.joinCode);
    const [first, second] = items.map((item) => item.id) as [number, number, number];
    const rowsOf = async (who: Person) =>
      Promise.all(
        [studentScheduleTable, studentReviewTable, studentCardMasteryTable].map(
          async (table) =>
            (await t.database.db.select().from(table).where(eq(table.studentId, who.faculty.id))).length,
        ),
      );

    meanwhile = () => as(leaving, "DELETE", `/api/student/projects/${project.id}`);
    expect(await reviewAll([leaving, first], [staying, first])).toEqual([404, first]);
    expect(await rowsOf(leaving)).toEqual([0, 0, 0]);
    expect(await rowsOf(staying)).toEqual([1, 1, 1]);

    meanwhile = () => t.database.db.delete(retrievalItemTable).where(eq(retrievalItemTable.id, second));
    expect(await reviewAll([staying, second], [third, first])).toEqual([404, first]);
    expect(await rowsOf(staying)).toEqual([1, 1, 1]);
    expect(await rowsOf(third)).toEqual([1, 1, 1]);
  });

  it("applies concurrent grades of one item one after the other", async () => {
    const a = await projectWithItems(owner, { title: "Concurrent", items: 1 });
    const student = await newStudent();
    await enrol(student, a.project.joinCode);
    const itemId = a.items[0]?.id as number;
    const replies = await Promise.all([grade(student, itemId, 1), grade(student, itemId, 3)]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201]);
    const [schedule] = await t.database.db
      .select()
      .from(studentScheduleTable)
      .where(eq(studentScheduleTable.studentId, student.faculty.id));
    expect(schedule?.reps).toBe(2);
    const log = await t.database.db
      .select()
      .from(studentReviewTable)
      .where(eq(studentReviewTable.studentId, student.faculty.id));
    expect(log.map((row) => row.previousState).sort()).toEqual([0, 1]);
  });
});

describe("progress", () => {
  it("counts due today, reviewed today and days in a row in the student's zone, on a fixed clock", async () => {
    const a = await projectWithItems(owner, { title: "Streaks", items: 3, discipline: "economics" });
    const student = await newStudent();
    await enrol(student, a.project.joinCode);
    const fresh = await progress(student);
    expect(fresh).toMatchObject({ timeZone: "UTC", dueToday: 3, reviewedToday: 0, streakDays: 0 });
    expect(fresh.concepts).toEqual([
      {
        pivotCardId: a.card.id,
        title: "Streaks card",
        projectId: a.project.id,
        projectTitle: "Streaks",
        itemCount: 3,
        masteryLevel: 0,
        masteryColour: "red",
      },
    ]);
    const [first, second, third] = a.items.map((item) => item.id) as [number, number, number];

    // Day 1: two reviews (Easy: due in days, so not due today any more).
    await travel(DAY);
    expect((await grade(student, first, 4)).statusCode).toBe(201);
    expect((await grade(student, second, 4)).statusCode).toBe(201);
    expect(await progress(student)).toMatchObject({ dueToday: 1, reviewedToday: 2, streakDays: 1 });
    // Day 2, before any review: yesterday's run still counts.
    await travel(DAY);
    expect(await progress(student)).toMatchObject({ reviewedToday: 0, streakDays: 1 });
    expect((await grade(student, third, 3)).statusCode).toBe(201);
    const day2 = await progress(student);
    expect(day2).toMatchObject({ reviewedToday: 1, streakDays: 2 });
    // Mastery: two items after one Easy review, one after one Good review, each its recall 30 days
    // after that review (ts-fsrs's first stabilities and forgetting curve): developing, not mastered,
    // though each was just recalled.
    const scheduler = fsrs(generatorParameters({ request_retention: DEFAULT_RETENTION, enable_fuzz: false }));
    const durable = (rating: Grade) =>
      forgetting_curve(
        default_w,
        30,
        scheduler.next(createEmptyCard(t.clock.now()), t.clock.now(), rating).card.stability,
      );
    const expectedMastery = (2 * durable(Rating.Easy) + durable(Rating.Good)) / 3;
    expect(day2.concepts[0].masteryLevel).toBeCloseTo(expectedMastery, 7);
    expect(day2.concepts[0].masteryColour).toBe("amber");
    // The mastery written with the review for the class figures is the same mean.
    const [written] = await t.database.db
      .select()
      .from(studentCardMasteryTable)
      .where(eq(studentCardMasteryTable.studentId, student.faculty.id));
    expect(written?.mastery).toBeCloseTo(day2.concepts[0].masteryLevel, 12);
    // Day 4 (day 3 skipped): the run is broken.
    await travel(2 * DAY);
    expect(await progress(student)).toMatchObject({ reviewedToday: 0, streakDays: 0 });

    // The zone decides the day: a review at 23:30 UTC is the next day in Tokyo.
    const clock = t.clock.now();
    const toLateEvening =
      Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate(), 23, 30) - clock.getTime();
    await travel(toLateEvening);
    const dueItem = (await due(student)).items[0];
    expect(dueItem).toBeDefined();
    expect((await grade(student, dueItem?.id as number, 3)).statusCode).toBe(201);
    expect(await progress(student, "UTC")).toMatchObject({ reviewedToday: 1, streakDays: 1 });
    // 08:30 the next morning in Tokyo: the review falls on Tokyo's today too.
    expect(await progress(student, "Asia/Tokyo")).toMatchObject({ reviewedToday: 1 });
    await travel(HOUR);
    // 00:30 UTC: a new day in UTC (yesterday's run of 1 counts), still the same day in Tokyo.
    expect(await progress(student, "UTC")).toMatchObject({ reviewedToday: 0, streakDays: 1 });
    expect(await progress(student, "Asia/Tokyo")).toMatchObject({ reviewedToday: 1, streakDays: 1 });
    // In Los Angeles the review was on the afternoon of the day before.
    expect(await progress(student, "America/Los_Angeles")).toMatchObject({ reviewedToday: 1, streakDays: 1 });
  });

  it("counts days in a row across months and stops at a gap", () => {
    const days = new Set(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(daysInARow(days, "2026-03-02")).toBe(4);
    expect(daysInARow(days, "2026-03-03")).toBe(4);
    expect(daysInARow(days, "2026-03-04")).toBe(0);
    expect(daysInARow(new Set(["2024-12-31", "2025-01-01"]), "2025-01-01")).toBe(2);
  });
});

describe("mastery: predicted recall 30 days after the last review", () => {
  /**
   * The expected mastery, computed apart from the product's code: ts-fsrs's scheduler with its
   * default parameters schedules the grades, and its forgetting curve gives the recall 30 days on.
   */
  const scheduler = fsrs(generatorParameters({ request_retention: DEFAULT_RETENTION, enable_fuzz: false }));
  const recallIn30Days = (card: { stability: number }) => forgetting_curve(default_w, 30, card.stability);

  it("stays well below mastered after one Good review, grows with well-spaced reviews, and reads the same on every screen and export", async () => {
    const { project, card, items } = await projectWithItems(owner, { title: "Durable", items: 1 });
    const itemId = items[0]?.id as number;
    const student = await newStudent();
    await enrol(student, project.joinCode);
    const resign = async () => {
      student.headers = bearer(await signIn(t.app, student.faculty.email, student.faculty.password));
    };
    let expected = createEmptyCard(t.clock.now());

    /** Both the student and the instructor grade the item Good now: one schedule, two people. */
    const bothGradeGood = async () => {
      expected = scheduler.next(expected, t.clock.now(), Rating.Good).card;
      expect((await grade(student, itemId, Rating.Good)).statusCode).toBe(201);
      const own = await as(owner, "POST", `/api/retrieval-items/${itemId}/reviews`, { rating: Rating.Good });
      expect(own.statusCode, own.body).toBe(201);
    };
    /** Every figure of the card's mastery: the student's, the class's and the instructor's. */
    const everyFigure = async () => {
      const concept = (await progress(student)).concepts.find(
        (each: { pivotCardId: number }) => each.pivotCardId === card.id,
      );
      const classProgress = (
        await as(owner, "GET", `/api/projects/${project.id}/class-mastery?tz=UTC`)
      ).json();
      const pivotAssetsClass = (await as(owner, "GET", "/api/pivot-assets/class-mastery?tz=UTC"))
        .json()
        .find((each: { projectId: number }) => each.projectId === project.id);
      const stats = (await as(owner, "GET", "/api/pivot-assets/stats?tz=UTC")).json();
      const listed = (await as(owner, "GET", "/api/pivot-cards")).json();
      const toolkit = (await as(owner, "GET", "/api/export/toolkit?format=json")).json();
      const ofCard = (each: { pivotCardId?: number; id?: number }) =>
        (each.pivotCardId ?? each.id) === card.id;
      return {
        studentPractice: concept.masteryLevel as number,
        classProgress: classProgress.concepts.find(ofCard).meanMastery as number,
        pivotAssetsClass: pivotAssetsClass.concepts.find(ofCard).meanMastery as number,
        masteryAnalytics: stats.progression.find(ofCard).masteryLevel as number,
        pivotCard: listed.find(ofCard).masteryLevel as number,
        toolkitExport: toolkit.pivotCards.find((each: { title: string }) => each.title === "Durable card")
          .masteryLevel as number,
      };
    };
    const expectEverywhere = async (value: number) => {
      const figures = await everyFigure();
      for (const [where, figure] of Object.entries(figures))
        expect(figure, `${where}: ${JSON.stringify(figures)}`).toBeCloseTo(value, 6);
    };

    await bothGradeGood();
    const afterOne = recallIn30Days(expected);
    // One Good review of a new item: recall right now is ~100 %, mastery is not.
    expect(afterOne).toBeGreaterThan(0.5);
    expect(afterOne).toBeLessThan(0.7);
    await expectEverywhere(afterOne);
    const once = (await progress(student)).concepts.find(
      (each: { pivotCardId: number }) => each.pivotCardId === card.id,
    );
    expect(once.masteryColour).not.toBe("green");

    // Well-spaced Good reviews, each when the item falls due (review times in the clock's past).
    for (let review = 0; review < 3; review++) {
      await travel(expected.due.getTime() - t.clock.now().getTime() + HOUR);
      await resign();
      await bothGradeGood();
    }
    const afterSpaced = recallIn30Days(expected);
    expect(afterSpaced).toBeGreaterThan(0.9);
    await expectEverywhere(afterSpaced);
    const spaced = (await progress(student)).concepts.find(
      (each: { pivotCardId: number }) => each.pivotCardId === card.id,
    );
    expect(spaced.masteryColour).toBe("green");

    // Mastery describes the memory, not the moment: a week without review leaves it as it was.
    await travel(7 * DAY);
    await resign();
    await expectEverywhere(afterSpaced);
  });
});
