import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { createEmptyCard, fsrs, State } from "ts-fsrs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PIVOT_MESSAGES } from "#shared/schemas/pivot-assets.ts";
import type { ClassMastery } from "#shared/schemas/student.ts";
import { migrationsFolder } from "../../db/client.ts";
import { createClassFiguresReadModel } from "../../read-models/class-figures.read-model.ts";
import { refreshCardMastery } from "../../test/card-mastery.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { pivotCardTable, retrievalItemTable } from "../pivot-assets/pivot-assets.table.ts";
import {
  studentCardMasteryTable,
  studentReviewTable,
  studentScheduleTable,
} from "../student-practice/student-practice.table.ts";
import { localDayStarts } from "./class-figures.service.ts";
import { classAdherenceQuarterTable } from "./class-figures.table.ts";

/**
 * The class figures on a seeded class with known answers (the test clock starts 2026-09-01 09:00 UTC).
 * Five students join "Harbour Study"; cards A (2 items), B (1 item) and C (no items).
 * Mastery is an item's predicted recall 30 days after its last review, M(S) for stability S.
 * - s1 reviewed both items of A 5 days ago (stability 10): mastery M(10) > 0.8; reviews: one on
 *   time, one late; last review 2 days ago.
 * - s2 reviewed A's first item 8 days ago (stability 100; its first review), never the second:
 *   mastery M(100) / 2 < 0.6; the item fell due 2 days ago and is still unreviewed (missed).
 * - s3 reviewed B's item 2 days ago (stability 50): M(50); one review due 2026-08-30 23:30 UTC
 *   done at 2026-08-31 00:30 UTC (late in UTC, on time in New York), one outside the window.
 * - s4 never practised.
 * - s5 like s1 on A, reviewed B's item 9 days ago (stability 10) and missed it 3 days ago, one
 *   review on time yesterday; removed from the roster later.
 */
const DAY = 86_400_000;
let t: TestApp;
type Account = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Account;
let other: Account;
const s: Account[] = [];
let projectId: number;
let emptyProjectId: number;
let cardA: number;
let cardB: number;
let cardC: number;
let start: Date;
const ago = (ms: number) => new Date(start.getTime() - ms);

/**
 * The expected mastery of an item in review state, apart from the product's code: ts-fsrs's own
 * retrievability 30 days after its last review.
 */
function mastery(stability: number, lastReview: Date) {
  const card = { ...createEmptyCard(lastReview), stability, difficulty: 5, state: State.Review, reps: 1 };
  const horizon = new Date(lastReview.getTime() + 30 * DAY);
  return fsrs().get_retrievability(
    { ...card, last_review: lastReview, due: horizon },
    horizon,
    false,
  ) as number;
}

let addresses = 0;
const join = (who: Account, code: string) => {
  addresses += 1;
  return t.app.inject({
    method: "POST",
    url: "/api/student/join",
    headers: who.headers,
    payload: { code },
    remoteAddress: `10.9.0.${addresses}`,
  });
};
const get = (url: string, who: Account) => t.app.inject({ method: "GET", url, headers: who.headers });
const figures = async (tz = "UTC", who = owner) => {
  const reply = await get(`/api/projects/${projectId}/class-mastery?tz=${encodeURIComponent(tz)}`, who);
  expect(reply.statusCode).toBe(200);
  return reply.json() as ClassMastery;
};
const concept = (body: ClassMastery, id: number) => body.concepts.find((c) => c.pivotCardId === id);

beforeAll(async () => {
  t = await createTestApp();
  start = t.clock.now();
  const db = t.database.db;
  owner = await signedInFaculty(t.app, db, { name: "Olive Owner" });
  other = await signedInFaculty(t.app, db);
  for (const name of ["Sam One", "Kim Two", "Lee Three", "Ana Four", "Bo Five"])
    s.push(await signedInFaculty(t.app, db, { role: "student", name }));
  const project = await createProjectViaApi(t.app, owner.headers, { title: "Harbour Study" });
  projectId = project.id;
  emptyProjectId = (await createProjectViaApi(t.app, owner.headers, { title: "Nobody Joined" })).id;
  for (const student of s) expect((await join(student, project.joinCode)).statusCode).toBe(200);

  const card = async (title: string, minutes: number) => {
    const [row] = await db
      .insert(pivotCardTable)
      .values({
        facultyId: owner.faculty.id,
        projectId,
        title,
        discipline: "chemistry",
        definition: "d",
        constraints: "c",
        minimalExample: "m",
        counterExample: "x",
        misconceptions: [],
        createdAt: ago(DAY - minutes * 60_000),
      })
      .returning();
    return row?.id ?? 0;
  };
  cardA = await card("Calibration", 1);
  cardB = await card("Titration", 2);
  cardC = await card("Buffers", 3);
  // A card of the owner's not linked to the project is not a concept of the class.
  await db.insert(pivotCardTable).values({
    facultyId: owner.faculty.id,
    title: "Elsewhere",
    discipline: "chemistry",
    definition: "d",
    constraints: "c",
    minimalExample: "m",
    counterExample: "x",
    misconceptions: [],
  });
  const item = async (cardId: number) => {
    const [row] = await db
      .insert(retrievalItemTable)
      .values({
        facultyId: owner.faculty.id,
        pivotCardId: cardId,
        type: "flashcard",
        question: "q",
        answer: "a",
        due: start,
      })
      .returning();
    return row?.id ?? 0;
  };
  const a1 = await item(cardA);
  const a2 = await item(cardA);
  const b1 = await item(cardB);

  const schedule = (student: Account, itemId: number, stability: number, lastReview: Date, due: Date) => ({
    studentId: student.faculty.id,
    itemId,
    projectId,
    due,
    stability,
    difficulty: 5,
    reps: 1,
    state: 2,
    lastReview,
  });
  const [s1, s2, s3, , s5] = s as [Account, Account, Account, Account, Account];
  await db.insert(studentScheduleTable).values([
    schedule(s1, a1, 10, ago(5 * DAY), ago(-5 * DAY)),
    schedule(s1, a2, 10, ago(5 * DAY), ago(-5 * DAY)),
    schedule(s2, a1, 100, ago(8 * DAY), ago(2 * DAY)),
    schedule(s3, b1, 50, ago(2 * DAY), ago(-40 * DAY)),
    schedule(s5, a1, 10, ago(5 * DAY), ago(-5 * DAY)),
    schedule(s5, a2, 10, ago(5 * DAY), ago(-5 * DAY)),
    // s5's missed item would count while s5 is enrolled.
    schedule(s5, b1, 10, ago(9 * DAY), ago(3 * DAY)),
  ]);
  const review = (student: Account, itemId: number, dueAt: Date, reviewedAt: Date, previousState = 2) => ({
    studentId: student.faculty.id,
    itemId,
    projectId,
    rating: 3,
    dueAt,
    reviewedAt,
    previousState,
  });
  await db
    .insert(studentReviewTable)
    .values([
      review(s1, a1, ago(3 * DAY - 60 * 60_000), ago(3 * DAY - 3 * 60 * 60_000)),
      review(s1, a2, ago(4 * DAY), ago(2 * DAY)),
      review(s2, a1, ago(8 * DAY), ago(8 * DAY), 0),
      review(s3, b1, ago(2 * DAY), ago(2 * DAY), 0),
      review(s3, b1, new Date("2026-08-30T23:30:00Z"), new Date("2026-08-31T00:30:00Z")),
      review(s3, b1, ago(40 * DAY), ago(39 * DAY)),
      review(s5, a1, ago(DAY), ago(DAY)),
    ]);
  for (const student of [s1, s2, s3, s5])
    await refreshCardMastery(db, {
      studentId: student.faculty.id,
      projectId,
      cardIds: [cardA, cardB, cardC],
      at: start,
    });
});
afterAll(() => t?.close());

describe("GET /api/projects/:id/class-mastery", () => {
  it("answers the class's mastery per concept, adherence and inactive students (five students)", async () => {
    const m1 = mastery(10, ago(5 * DAY));
    const m2 = mastery(100, ago(8 * DAY)) / 2;
    const m3 = mastery(50, ago(2 * DAY));
    expect(m1).toBeGreaterThan(0.8);
    expect(m2).toBeLessThan(0.6);
    const body = await figures();
    expect(body).toMatchObject({ projectId, projectTitle: "Harbour Study", students: 5 });
    expect(body.asOf).toBe(start.toISOString());
    expect(body.concepts.map((c) => c.title)).toEqual(["Calibration", "Titration", "Buffers"]);
    expect(concept(body, cardA)?.itemCount).toBe(2);
    expect(concept(body, cardA)?.meanMastery).toBeCloseTo((2 * m1 + m2) / 5, 6);
    expect(concept(body, cardA)?.shareBelow).toBeCloseTo(3 / 5, 9);
    expect(concept(body, cardA)?.masteryColour).toBe("red");
    // s5 also reviewed B's item 9 days ago (stability 10).
    const m5b = mastery(10, ago(9 * DAY));
    expect(m5b).toBeGreaterThanOrEqual(0.6);
    expect(concept(body, cardB)?.meanMastery).toBeCloseTo((m3 + m5b) / 5, 6);
    expect(concept(body, cardB)?.shareBelow).toBeCloseTo(3 / 5, 9);
    expect(concept(body, cardC)).toMatchObject({ itemCount: 0, meanMastery: 0, shareBelow: 1 });
    // On time: s1's first, s5's; late: s1's second, s3's (UTC); missed: s2's and s5's. 2 of 6.
    expect(body.adherence).toBeCloseTo(2 / 6, 9);
    expect(body.adherenceReason).toBeNull();
    expect(body.inactiveStudents).toEqual([
      { studentId: s[3]?.faculty.id, name: "Ana Four", lastPracticedAt: null },
      { studentId: s[1]?.faculty.id, name: "Kim Two", lastPracticedAt: ago(8 * DAY).toISOString() },
    ]);
  });

  it("drops a student removed from the roster out of every figure", async () => {
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/projects/${projectId}/roster/${s[4]?.faculty.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const m1 = mastery(10, ago(5 * DAY));
    const m2 = mastery(100, ago(8 * DAY)) / 2;
    const m3 = mastery(50, ago(2 * DAY));
    const body = await figures();
    expect(body.students).toBe(4);
    expect(concept(body, cardA)?.meanMastery).toBeCloseTo((m1 + m2) / 4, 6);
    expect(concept(body, cardA)?.shareBelow).toBeCloseTo(3 / 4, 9);
    expect(concept(body, cardB)?.meanMastery).toBeCloseTo(m3 / 4, 6);
    expect(concept(body, cardB)?.shareBelow).toBeCloseTo(3 / 4, 9);
    // On time: s1's first; late: s1's second and s3's; missed: s2's. 1 of 4.
    expect(body.adherence).toBeCloseTo(1 / 4, 9);
    expect(body.inactiveStudents.map((x) => x.name)).toEqual(["Ana Four", "Kim Two"]);
  });

  it("counts on time by the local day of the time zone asked for", async () => {
    // 2026-08-30 23:30 UTC and 2026-08-31 00:30 UTC are both 30 August in New York.
    expect((await figures("America/New_York")).adherence).toBeCloseTo(2 / 4, 9);
    expect((await figures("UTC")).adherence).toBeCloseTo(1 / 4, 9);
  });

  it("counts a new review at the next request (no cache to wait for)", async () => {
    expect((await figures()).adherence).toBeCloseTo(1 / 4, 9);
    // s1 reviews an item that fell due an hour ago: on time, 2 of 5.
    await t.database.db.insert(studentReviewTable).values({
      studentId: s[0]?.faculty.id ?? 0,
      itemId: (await t.database.db.select().from(retrievalItemTable).limit(1))[0]?.id ?? 0,
      projectId,
      rating: 3,
      dueAt: ago(60 * 60_000),
      reviewedAt: start,
      previousState: 2,
    });
    expect((await figures()).adherence).toBeCloseTo(2 / 5, 9);
    await t.database.db.delete(studentReviewTable).where(eq(studentReviewTable.reviewedAt, start));
    expect((await figures()).adherence).toBeCloseTo(1 / 4, 9);
  });

  it("keeps a fresh cache row as it is (the figures read the cache, not the schedules)", async () => {
    const db = t.database.db;
    // s4 has no row at all: insert one that says 1 for card B, an hour old.
    await db.insert(studentCardMasteryTable).values({
      studentId: s[3]?.faculty.id ?? 0,
      pivotCardId: cardB,
      projectId,
      mastery: 1,
      computedAt: new Date(start.getTime() - 60 * 60_000),
    });
    const m3 = mastery(50, ago(2 * DAY));
    const body = await figures();
    expect(concept(body, cardB)?.meanMastery).toBeCloseTo((m3 + 1) / 4, 6);
    expect(concept(body, cardB)?.shareBelow).toBeCloseTo(2 / 4, 9);
    expect(body.asOf).toBe(new Date(start.getTime() - 60 * 60_000).toISOString());
    await db
      .delete(studentCardMasteryTable)
      .where(eq(studentCardMasteryTable.studentId, s[3]?.faculty.id ?? 0));
  });

  it("refreshes cache rows older than a day before answering", async () => {
    // s3's schedule of B's item changes without a review (the cache still holds M(50)).
    const s3b1 = eq(studentScheduleTable.studentId, s[2]?.faculty.id ?? 0);
    await t.database.db.update(studentScheduleTable).set({ stability: 5 }).where(s3b1);
    t.clock.advance(2 * DAY);
    try {
      const at = t.clock.now();
      const body = await figures();
      expect(body.asOf).toBe(at.toISOString());
      const m1 = mastery(10, ago(5 * DAY));
      const m2 = mastery(100, ago(8 * DAY)) / 2;
      expect(concept(body, cardA)?.meanMastery).toBeCloseTo((m1 + m2) / 4, 6);
      expect(concept(body, cardB)?.meanMastery).toBeCloseTo(mastery(5, ago(2 * DAY)) / 4, 6);
      // The removed student's cache rows went with the removal (the enrolment repository's
      // `remove` deletes their practice in the project), so nothing of theirs is refreshed or read.
      const left = await t.database.db
        .select()
        .from(studentCardMasteryTable)
        .where(eq(studentCardMasteryTable.studentId, s[4]?.faculty.id ?? 0));
      expect(left).toEqual([]);
    } finally {
      t.clock.advance(-2 * DAY);
      await t.database.db.update(studentScheduleTable).set({ stability: 50 }).where(s3b1);
      await refreshCardMastery(t.database.db, {
        studentId: s[2]?.faculty.id ?? 0,
        projectId,
        cardIds: [cardB],
        at: start,
      });
    }
  });

  it("recomputes the mastery cached under the former definition (recall at the moment) once migrated", async () => {
    const db = t.database.db;
    const s1 = s[0]?.faculty.id ?? 0;
    // A row as the former definition wrote it just after a review: both items of A at 1.
    await db
      .update(studentCardMasteryTable)
      .set({ mastery: 1, computedAt: start })
      .where(eq(studentCardMasteryTable.studentId, s1));
    const m2 = mastery(100, ago(8 * DAY)) / 2;
    expect(concept(await figures(), cardA)?.meanMastery).toBeCloseTo((1 + m2) / 4, 6);
    const migration = fs.readFileSync(path.join(migrationsFolder, "0024_card_mastery_durable.sql"), "utf8");
    await db.execute(sql.raw(migration));
    const body = await figures();
    expect(concept(body, cardA)?.meanMastery).toBeCloseTo((mastery(10, ago(5 * DAY)) + m2) / 4, 6);
    expect(body.asOf).toBe(start.toISOString());
  });

  it("answers nulls and no inactive students for a project nobody joined", async () => {
    const reply = await get(`/api/projects/${emptyProjectId}/class-mastery`, owner);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      projectId: emptyProjectId,
      projectTitle: "Nobody Joined",
      students: 0,
      asOf: null,
      concepts: [],
      adherence: null,
      adherenceReason: PIVOT_MESSAGES.noAdherence,
      inactiveStudents: [],
    });
  });

  it("answers another instructor 404, a student 403, a bad time zone 400", async () => {
    const foreign = await get(`/api/projects/${projectId}/class-mastery`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("Project not found.");
    expect((await get(`/api/projects/${projectId}/class-mastery`, s[0] as Account)).statusCode).toBe(403);
    const bad = await get(`/api/projects/${projectId}/class-mastery?tz=Mars%2FOlympus`, owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Time zone must be an IANA name such as Europe/Paris");
    expect((await get("/api/projects/999999/class-mastery", owner)).statusCode).toBe(404);
  });
});

describe("GET /api/pivot-assets/class-mastery", () => {
  it("answers the figures of each of the caller's projects with students, and nothing of others'", async () => {
    const reply = await get("/api/pivot-assets/class-mastery?tz=UTC", owner);
    expect(reply.statusCode).toBe(200);
    const list = reply.json() as ClassMastery[];
    expect(list.map((entry) => entry.projectTitle)).toEqual(["Harbour Study"]);
    expect(list[0]).toEqual(await figures());
    expect((await get("/api/pivot-assets/class-mastery", other)).json()).toEqual([]);
    expect((await get("/api/pivot-assets/class-mastery", s[0] as Account)).statusCode).toBe(403);
  });
});

describe("localDayStarts", () => {
  it("lists each local day's start from the window's first day to tomorrow, across a change of offset", () => {
    const at = new Date("2026-03-30T12:00:00Z");
    const starts = localDayStarts(new Date("2026-03-27T12:00:00Z"), at, "Europe/Paris");
    expect(starts.map((d) => d.toISOString())).toEqual([
      "2026-03-26T23:00:00.000Z",
      "2026-03-27T23:00:00.000Z",
      "2026-03-28T23:00:00.000Z",
      "2026-03-29T22:00:00.000Z",
      "2026-03-30T22:00:00.000Z",
    ]);
  });
});

/**
 * class_adherence_quarter (migration 0021) against the reviews themselves, recomputed here in
 * JavaScript: the sums after inserts (boundary cases included), an update, an item's deletion, a
 * student leaving and an account's deletion; and adherence from the sums against adherence counted
 * review by review, on windows whose edges are not on a quarter, in zones with 45-minute offsets.
 */
describe("class_adherence_quarter", () => {
  const QUARTER = 900_000;
  const HOUR = 3_600_000;
  type Review = typeof studentReviewTable.$inferSelect;
  const outcomeOf = (review: Review) =>
    review.reviewedAt.getTime() <= review.dueAt.getTime()
      ? 0
      : review.reviewedAt.getTime() >= review.dueAt.getTime() + 26 * HOUR
        ? 2
        : 1;
  const expectedSums = async () => {
    const sums = new Map<string, number>();
    for (const review of await t.database.db.select().from(studentReviewTable)) {
      if (review.previousState === 0) continue;
      const due = Math.floor(review.dueAt.getTime() / QUARTER);
      const outcome = outcomeOf(review);
      const lag = outcome === 1 ? Math.floor(review.reviewedAt.getTime() / QUARTER) - due : 0;
      const key = [review.projectId, review.studentId, due, outcome, lag].join("|");
      sums.set(key, (sums.get(key) ?? 0) + 1);
    }
    return [...sums].map(([key, n]) => `${key}|${n}`).sort();
  };
  const storedSums = async () =>
    (await t.database.db.select().from(classAdherenceQuarterTable))
      .map((row) =>
        [row.projectId, row.studentId, row.dueQuarter, row.outcome, row.lagQuarters, row.reviews].join("|"),
      )
      .sort();
  const reviewsOf = async (studentId: number) =>
    (await t.database.db.select().from(classAdherenceQuarterTable))
      .filter((row) => row.studentId === studentId)
      .reduce((sum, row) => sum + row.reviews, 0);

  /** The local calendar day of an instant in `tz`, as YYYY-MM-DD (sorts like the days). */
  const localDay = (instant: Date, tz: string) =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: tz,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(instant);
  const expectedAdherence = async (
    project: number,
    studentIds: number[],
    from: Date,
    to: Date,
    tz: string,
  ) => {
    let fellDue = 0;
    let onTime = 0;
    for (const review of await t.database.db.select().from(studentReviewTable)) {
      if (
        review.projectId !== project ||
        !studentIds.includes(review.studentId) ||
        review.previousState === 0
      )
        continue;
      if (review.dueAt.getTime() < from.getTime() || review.dueAt.getTime() > to.getTime()) continue;
      fellDue += 1;
      const outcome = outcomeOf(review);
      if (outcome === 0 || (outcome === 1 && localDay(review.reviewedAt, tz) <= localDay(review.dueAt, tz)))
        onTime += 1;
    }
    return { fellDue, onTime };
  };

  let classId: number;
  const pupils: Account[] = [];
  let items: number[] = [];

  beforeAll(async () => {
    const db = t.database.db;
    const project = await createProjectViaApi(t.app, owner.headers, { title: "Quarter Sums" });
    classId = project.id;
    for (const name of ["Ida Q", "Jon Q", "Kai Q"]) {
      const pupil = await signedInFaculty(t.app, db, { role: "student", name });
      expect((await join(pupil, project.joinCode)).statusCode).toBe(200);
      pupils.push(pupil);
    }
    const [card] = await db
      .insert(pivotCardTable)
      .values({
        facultyId: owner.faculty.id,
        projectId: classId,
        title: "Quarters",
        discipline: "chemistry",
        definition: "d",
        constraints: "c",
        minimalExample: "m",
        counterExample: "x",
        misconceptions: [],
      })
      .returning();
    const rows = await db
      .insert(retrievalItemTable)
      .values(
        [1, 2, 3].map((n) => ({
          facultyId: owner.faculty.id,
          pivotCardId: card?.id ?? 0,
          type: "flashcard" as const,
          question: `q${n}`,
          answer: "a",
          due: start,
        })),
      )
      .returning();
    items = rows.map((row) => row.id);
  });

  it("agrees with the reviews after inserts, an update, an item's deletion, a leave and an account deletion", async () => {
    const db = t.database.db;
    // Deterministic spread: dues over 40 days at any second, reviews from 3 hours early to 30 hours
    // late, a tenth of them first reviews (never counted), in one multi-row insert.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const rows = Array.from({ length: 600 }, (_, i) => {
      const dueAt = new Date(start.getTime() - 38 * DAY + next(40 * 86_400) * 1000);
      return {
        studentId: pupils[i % 3]?.faculty.id ?? 0,
        itemId: items[next(3)] ?? 0,
        projectId: classId,
        rating: 3,
        dueAt,
        reviewedAt: new Date(dueAt.getTime() - 3 * HOUR + next(33 * 3600) * 1000),
        previousState: next(10) === 0 ? 0 : 2,
      };
    });
    // The boundaries: at the due, 26 hours after it to the millisecond and just before, in the due's quarter.
    const due = new Date(start.getTime() - 3 * DAY + 7 * 60_000);
    for (const reviewedAt of [0, 26 * HOUR, 26 * HOUR - 1, 60_000])
      rows.push({
        ...(rows[0] as (typeof rows)[number]),
        dueAt: due,
        reviewedAt: new Date(due.getTime() + reviewedAt),
        previousState: 2,
      });
    await db.insert(studentReviewTable).values(rows);
    // One at a time too (the practice route's way).
    await db.insert(studentReviewTable).values({ ...(rows[1] as (typeof rows)[number]), previousState: 1 });
    const afterInserts = await expectedSums();
    expect(afterInserts.length).toBeGreaterThan(100);
    expect(await storedSums()).toEqual(afterInserts);

    // An update that moves reviews between sums.
    await db
      .update(studentReviewTable)
      .set({ reviewedAt: start })
      .where(eq(studentReviewTable.itemId, items[2] ?? 0));
    expect(await storedSums()).toEqual(await expectedSums());
    expect(await storedSums()).not.toEqual(afterInserts);

    // An item deleted: its reviews go by cascade.
    await db.delete(retrievalItemTable).where(eq(retrievalItemTable.id, items[2] ?? 0));
    expect(await storedSums()).toEqual(await expectedSums());

    // The first pupil leaves: enrolment.remove deletes their reviews in the project.
    const [ida, jon, kai] = pupils as [Account, Account, Account];
    expect(await reviewsOf(ida.faculty.id)).toBeGreaterThan(0);
    const left = await t.app.inject({
      method: "DELETE",
      url: `/api/student/projects/${classId}`,
      headers: ida.headers,
    });
    expect(left.statusCode, left.body).toBe(204);
    expect(await reviewsOf(ida.faculty.id)).toBe(0);
    expect(await storedSums()).toEqual(await expectedSums());

    // The second deletes their account: the reviews go by cascade from faculty.
    expect(await reviewsOf(jon.faculty.id)).toBeGreaterThan(0);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/student/account",
      headers: jon.headers,
      payload: { password: jon.faculty.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await reviewsOf(jon.faculty.id)).toBe(0);
    expect(await reviewsOf(kai.faculty.id)).toBeGreaterThan(0);
    expect(await storedSums()).toEqual(await expectedSums());
  });

  it("answers the adherence the reviews give, whatever the window's edges and the zone", async () => {
    const repository = createClassFiguresReadModel(t.database.db);
    const kai = pupils[2]?.faculty.id ?? 0;
    // Reviews due and done within one quarter, at the window's edges, and one reviewed ahead of a due
    // after the window's end in its last quarter.
    const edge = (dueAt: Date, late: number, previousState = 2) => ({
      studentId: kai,
      itemId: items[0] ?? 0,
      projectId: classId,
      rating: 3,
      dueAt,
      reviewedAt: new Date(dueAt.getTime() + late),
      previousState,
    });
    const to = new Date(start.getTime() - 2 * HOUR + 7 * 60_000 + 13_000);
    const from = new Date(to.getTime() - 30 * DAY);
    await t.database.db
      .insert(studentReviewTable)
      .values([
        edge(new Date(from.getTime() - 1), 20 * HOUR),
        edge(from, 20 * HOUR),
        edge(new Date(from.getTime() + 1000), 23 * HOUR),
        edge(to, 20 * HOUR),
        edge(new Date(to.getTime() + 1000), -60_000),
        edge(new Date(to.getTime() - 1000), 2 * HOUR),
      ]);
    const enrolledIds = [kai];
    let compared = 0;
    for (const tz of ["UTC", "America/New_York", "Asia/Kathmandu", "Australia/Eucla", "Pacific/Chatham"])
      for (const [windowFrom, windowTo] of [
        [from, to],
        [new Date(start.getTime() - 30 * DAY), start],
        [new Date(to.getTime() - 10 * 60_000), to],
      ] as const) {
        const expected = await expectedAdherence(classId, enrolledIds, windowFrom, windowTo, tz);
        const answered = await repository.adherence(
          classId,
          enrolledIds,
          windowFrom,
          windowTo,
          localDayStarts(windowFrom, windowTo, tz),
        );
        expect(answered, `${tz} ${windowFrom.toISOString()} to ${windowTo.toISOString()}`).toEqual(expected);
        if (expected.fellDue > 0) compared += 1;
      }
    expect(compared).toBeGreaterThanOrEqual(10);
  });
});
