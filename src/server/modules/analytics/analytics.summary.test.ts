import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventType } from "#shared/constants.ts";
import type { AnalyticsSummary } from "#shared/schemas/analytics.ts";
import { buildProjectInput, createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { cognitiveLoadCheckInTable } from "../cognitive-load/cognitive-load.table.ts";
import { contributionTable } from "../contributions/contributions.table.ts";
import { enrolmentTable } from "../enrolment/enrolment.table.ts";
import { objectiveConversionTable } from "../objective-conversions/objective-conversions.table.ts";
import {
  pivotCardTable,
  retrievalItemTable,
  retrievalReviewTable,
} from "../pivot-assets/pivot-assets.table.ts";
import { projectTable } from "../projects/projects.table.ts";
import { studentReviewTable } from "../student-practice/student-practice.table.ts";
import { analyticsEventTable } from "./analytics.table.ts";

const DAY = 86_400_000;
let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInFaculty>>;
let bob: Awaited<ReturnType<typeof signedInFaculty>>;
let admin: Awaited<ReturnType<typeof signedInFaculty>>;
let now: number;
const ago = (ms: number) => new Date(now - ms);

/**
 * Alice's history, relative to the test clock (2026-09-01 09:00 UTC): one event on each side of
 * every range's boundary, so each range has a known count.
 */
const EVENTS: Array<[EventType, number, Record<string, unknown>]> = [
  ["project_updated", 1 * 60 * 60 * 1000, { fields: ["title"] }],
  ["project_updated", 2 * 60 * 60 * 1000, { fields: ["status"] }],
  ["project_created", 7 * DAY, { title: "Exactly seven days" }],
  ["template_used", 7 * DAY + 1, { templateName: "River Lab" }],
  ["objective_converted", 30 * DAY, { discipline: "chemistry" }],
  ["objective_converted", 30 * DAY + 1, { discipline: "physics" }],
  ["collaboration_added", 90 * DAY, { contributionType: "suggestion" }],
  ["project_updated", 90 * DAY + 1, { fields: ["title"] }],
  ["project_created", 365 * DAY, { title: "Exactly a year" }],
  ["project_created", 365 * DAY + 1, { title: "Too old" }],
];

const EXPECTED = {
  "7d": { totalEvents: 3, studentsEngaged: 4, reviews: 2 },
  "30d": { totalEvents: 5, studentsEngaged: 4, reviews: 2 },
  "90d": { totalEvents: 7, studentsEngaged: 4, reviews: 3 },
  "1y": { totalEvents: 9, studentsEngaged: 6, reviews: 3 },
} as const;

let harbour: number;
let meadow: number;

beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now().getTime();
  const db = t.database.db;
  alice = await signedInFaculty(t.app, db, { name: "Alice Archer" });
  bob = await signedInFaculty(t.app, db);
  admin = await signedInFaculty(t.app, db, { role: "admin" });
  harbour = (await createProjectViaApi(t.app, alice.headers, { title: "Harbour Water Study" })).id;
  meadow = (
    await createProjectViaApi(t.app, alice.headers, {
      title: "Meadow Survey",
      methodology: {
        ...buildProjectInput().methodology,
        classSize: "",
      },
    })
  ).id;
  const done = (await createProjectViaApi(t.app, alice.headers, { title: "Finished Study" })).id;
  const old = (await createProjectViaApi(t.app, alice.headers, { title: "Shelved Study" })).id;
  await db
    .update(projectTable)
    .set({ status: "completed", updatedAt: ago(40 * DAY) })
    .where(eq(projectTable.id, done));
  await db
    .update(projectTable)
    .set({ status: "archived", updatedAt: ago(40 * DAY) })
    .where(eq(projectTable.id, old));
  await db
    .update(projectTable)
    .set({ updatedAt: ago(50 * DAY) })
    .where(eq(projectTable.id, harbour));
  await db
    .update(projectTable)
    .set({ updatedAt: ago(50 * DAY) })
    .where(eq(projectTable.id, meadow));
  await createProjectViaApi(t.app, bob.headers, { title: "Bob's Secret Project" });
  // The projects' own events carry the database's time, not the test clock's: start from the seeded history.
  await db.delete(analyticsEventTable).where(eq(analyticsEventTable.facultyId, alice.faculty.id));
  await db.insert(analyticsEventTable).values(
    EVENTS.map(([eventType, age, eventData]) => ({
      facultyId: alice.faculty.id,
      eventType,
      eventData,
      createdAt: ago(age),
    })),
  );
  const contribution = (
    projectId: number,
    studentName: string,
    studentEmail: string | null,
    status: "pending" | "approved" | "implemented" | "rejected",
    age: number,
  ) => ({
    projectId,
    projectOwnerId: alice.faculty.id,
    studentName,
    studentEmail,
    contributionType: "suggestion" as const,
    content: "An idea",
    status,
    createdAt: ago(age),
  });
  await db
    .insert(contributionTable)
    .values([
      contribution(harbour, "Ana", "ana@student.test", "pending", 1 * DAY),
      contribution(harbour, "Ben", null, "approved", 2 * DAY),
      contribution(harbour, "Ana", "ANA@student.test", "implemented", 20 * DAY),
      contribution(meadow, "Cleo", "cleo@student.test", "rejected", 100 * DAY),
    ]);
  // Check-ins: two in the last 30 days, one 60 days ago; the summary counts them, never reads answers.
  const checkIn = (daysAgo: number) => ({
    projectId: harbour,
    projectOwnerId: alice.faculty.id,
    context: "launch" as const,
    mentalEffort: 5,
    intrinsicItems: [5, 5, 5],
    extraneousItems: [2, 2, 2],
    germaneItems: [6, 6, 6, 6],
    intrinsicLoad: 5,
    extraneousLoad: 2,
    germaneLoad: 6,
    technostress: 3,
    interruptions: 1,
    taskMinutes: 30,
    refocusMinutes: 2,
    source: "link" as const,
    createdAt: ago(daysAgo * DAY),
  });
  await db.insert(cognitiveLoadCheckInTable).values([checkIn(3), checkIn(10), checkIn(60)]);
  const [card] = await db
    .insert(pivotCardTable)
    .values({
      facultyId: alice.faculty.id,
      projectId: harbour,
      title: "Calibration",
      discipline: "chemistry",
      definition: "d",
      constraints: "c",
      minimalExample: "m",
      counterExample: "x",
      misconceptions: [],
    })
    .returning();
  const [item] = await db
    .insert(retrievalItemTable)
    .values({
      facultyId: alice.faculty.id,
      pivotCardId: card?.id ?? 0,
      type: "flashcard",
      question: "q",
      answer: "a",
      due: ago(0),
    })
    .returning();
  const snapshot = {
    due: ago(0).toISOString(),
    stability: 0,
    difficulty: 0,
    elapsedDays: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    state: 0,
    lastReview: null,
  };
  await db.insert(retrievalReviewTable).values(
    [1 * DAY, 60 * DAY].map((age) => ({
      facultyId: alice.faculty.id,
      itemId: item?.id ?? 0,
      rating: 3,
      reviewedAt: ago(age),
      dueAt: ago(age),
      previousState: 0,
      previous: snapshot,
    })),
  );
  // Students Engaged: students active in the project signed in, or through its link with an
  // e-mail. Known answers: 7d, 30d and 90d 4 (Tia's review, Uri's and Xan's signed-in
  // contributions, Ana's by e-mail, all in Harbour), 1y 6 (and Vic's check-in in Meadow and
  // Cleo's contribution, both 100 days ago). Ben left no e-mail; Wes joined and did nothing; Yas,
  // enrolled in Harbour only, cannot have practised Meadow's item. Retrieval practice: Alice's two
  // reviews (1 and 60 days ago) and Tia's (1 day ago).
  const [tia, uri, vic, wes, xan, yas] = (await Promise.all(
    ["Tia", "Uri", "Vic", "Wes", "Xan", "Yas"].map((name) =>
      signedInFaculty(t.app, db, { role: "student", name }),
    ),
  )) as Array<Awaited<ReturnType<typeof signedInFaculty>>>;
  const id = (who: Awaited<ReturnType<typeof signedInFaculty>> | undefined) => who?.faculty.id ?? 0;
  await db.insert(enrolmentTable).values([
    { projectId: harbour, studentId: id(tia) },
    { projectId: harbour, studentId: id(uri) },
    { projectId: meadow, studentId: id(vic) },
    { projectId: harbour, studentId: id(wes) },
    { projectId: harbour, studentId: id(yas) },
  ]);
  const studentReview = (who: typeof tia, projectId: number, age: number) => ({
    studentId: id(who),
    itemId: item?.id ?? 0,
    projectId,
    rating: 3,
    reviewedAt: ago(age),
    dueAt: ago(age),
    previousState: 0,
  });
  await db.insert(studentReviewTable).values(studentReview(tia, harbour, DAY));
  // A review in a project the student is not enrolled in cannot be stored (the enrolment key,
  // migration 0022), so it can never count.
  await expect(db.insert(studentReviewTable).values(studentReview(yas, meadow, DAY))).rejects.toThrow();
  await db.insert(contributionTable).values([
    { ...contribution(harbour, "Uri", null, "pending", 2 * DAY), submittedBy: id(uri) },
    { ...contribution(harbour, "Xan", null, "pending", 2 * DAY), submittedBy: id(xan) },
  ]);
  await db
    .insert(cognitiveLoadCheckInTable)
    .values({ ...checkIn(100), projectId: meadow, source: "student", studentId: id(vic) });
  await db.insert(objectiveConversionTable).values(
    [4, 5, null].map((feedbackRating) => ({
      facultyId: alice.faculty.id,
      discipline: "chemistry",
      originalObjective: "Understand titration",
      convertedFramework: "Pivot and launch",
      source: "template",
      feedbackRating,
    })),
  );
});
afterAll(() => t?.close());

const summary = async (range: string, headers = alice.headers, id = alice.faculty.id) =>
  t.app.inject({ method: "GET", url: `/api/analytics/summary/${id}?range=${range}`, headers });

describe("GET /api/analytics/summary/:facultyId", () => {
  it.each(Object.entries(EXPECTED))(
    "answers the known figures of %s, boundaries included",
    async (range, expected) => {
      const reply = await summary(range);
      expect(reply.statusCode).toBe(200);
      const body = reply.json() as AnalyticsSummary;
      expect(body.totalEvents).toBe(expected.totalEvents);
      expect(body.studentsEngaged).toBe(expected.studentsEngaged);
      expect(body.projects.find((p) => p.id === harbour)?.retrievalReviews).toBe(expected.reviews);
      expect(body.activeProjects).toBe(2);
      expect(body.completionRate).toBe(33);
      expect(body.completionLabel).toBe("Good");
      expect(body.focusScore).toBe(3);
      expect(body.avgRating).toBe(4.5);
      expect(body.ratedConversions).toBe(2);
      // Harbour's methodology says 40, Meadow's says nothing: 25.
      expect(body.classSizeTotal).toBe(65);
      expect(body.classSizesFromMethodology).toBe(1);
      expect(body.engagementRate).toBe(Math.round((expected.studentsEngaged / 65) * 100));
      expect(body.engagementLevel).toBe("Low");
      const days = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 }[range] ?? 0;
      expect(body.growth).toBe(Math.round((expected.totalEvents * 30) / days));
      expect(body.activityByDay).toHaveLength(days + 1);
      const perDay = body.activityByDay.reduce(
        (sum, day) =>
          sum +
          day.project_created +
          day.project_updated +
          day.objective_converted +
          day.template_used +
          day.collaboration_added,
        0,
      );
      expect(perDay).toBe(expected.totalEvents);
      expect(body.recentEvents).toHaveLength(Math.min(10, expected.totalEvents));
      expect(body.projects.map((p) => p.title)).not.toContain("Bob's Secret Project");
    },
  );

  it("counts events by type, objectives converted and projects launched per range", async () => {
    const week = (await summary("7d")).json() as AnalyticsSummary;
    expect(week.eventsByType).toEqual({
      project_created: 1,
      project_updated: 2,
      objective_converted: 0,
      template_used: 0,
      collaboration_added: 0,
    });
    expect(week.projectsLaunched).toBe(1);
    // Ana's and Ben's, and Uri's and Xan's signed-in ones (pending).
    expect(week.contributionsByStatus).toEqual({ pending: 3, approved: 1, implemented: 0, rejected: 0 });
    const month = (await summary("30d")).json() as AnalyticsSummary;
    expect(month.objectivesConverted).toBe(1);
    expect(month.eventsByType.template_used).toBe(1);
    expect(month.contributionsByStatus.implemented).toBe(1);
    const year = (await summary("1y")).json() as AnalyticsSummary;
    expect(year.objectivesConverted).toBe(2);
    expect(year.projectsLaunched).toBe(2);
    expect(year.contributionsByStatus).toEqual({ pending: 3, approved: 1, implemented: 1, rejected: 1 });
  });

  it("gives each project its status, contributions by review status, reviews and last activity", async () => {
    const body = (await summary("30d")).json() as AnalyticsSummary;
    const row = body.projects.find((p) => p.id === harbour);
    expect(row).toMatchObject({
      status: "active",
      classSize: 40,
      classSizeSource: "methodology",
      contributions: { total: 5, pending: 3, approved: 1, implemented: 1, rejected: 0 },
      contributionsInRange: 5,
      // Tia, Uri, Xan and Ana; not Ben (no e-mail), Wes (idle) or Yas.
      studentsInRange: 4,
      pivotCards: 1,
      checkIns: 2,
    });
    // The newest of its change (50 days), contributions (1 day) and reviews (1 day).
    expect(row?.lastActivity).toBe(ago(1 * DAY).toISOString());
    expect(body.projects.find((p) => p.id === meadow)).toMatchObject({
      classSize: 25,
      classSizeSource: "default",
      checkIns: 0,
    });
    const year = (await summary("1y")).json() as AnalyticsSummary;
    expect(year.projects.find((p) => p.id === harbour)?.checkIns).toBe(3);
    expect(body.projects.map((p) => p.status).sort()).toEqual(["active", "active", "archived", "completed"]);
  });

  it("moves with the clock: a day later the seven-day boundary event is out", async () => {
    t.clock.advance(1);
    try {
      expect(((await summary("7d")).json() as AnalyticsSummary).totalEvents).toBe(2);
    } finally {
      t.clock.advance(-1);
    }
  });

  it("keeps the daily counts (analytics_daily, 0014) with every insert, update and delete", async () => {
    const db = t.database.db;
    const total = async (range: string) => ((await summary(range)).json() as AnalyticsSummary).totalEvents;
    const [moved] = await db
      .insert(analyticsEventTable)
      .values({
        facultyId: alice.faculty.id,
        eventType: "template_used",
        eventData: {},
        createdAt: ago(3 * DAY),
      })
      .returning();
    expect(await total("7d")).toBe(4);
    await db
      .update(analyticsEventTable)
      .set({ createdAt: ago(200 * DAY) })
      .where(eq(analyticsEventTable.id, moved?.id ?? 0));
    expect(await total("7d")).toBe(3);
    expect(await total("90d")).toBe(7);
    expect(await total("1y")).toBe(10);
    await db.delete(analyticsEventTable).where(eq(analyticsEventTable.id, moved?.id ?? 0));
    expect(await total("1y")).toBe(9);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/analytics/faculty/${alice.faculty.id}?limit=1`,
      headers: alice.headers,
    });
    expect(list.headers["x-total-count"]).toBe(String(EVENTS.length));
  });

  it("answers 403 for someone else's id, admins included, and 400 for a bad range", async () => {
    expect((await summary("7d", bob.headers)).statusCode).toBe(403);
    expect((await summary("7d", admin.headers)).statusCode).toBe(403);
    const own = await summary("7d", admin.headers, admin.faculty.id);
    expect(own.statusCode).toBe(200);
    expect(own.json().totalEvents).toBe(0);
    const bad = await summary("2w");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Range must be one of: 7d, 30d, 90d, 1y");
  });
});

describe("GET /api/analytics/faculty/:facultyId with a range", () => {
  it("answers a page of the range's events in words with the total", async () => {
    const reply = await t.app.inject({
      method: "GET",
      url: `/api/analytics/faculty/${alice.faculty.id}?range=90d&limit=2`,
      headers: alice.headers,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["x-total-count"]).toBe("7");
    expect(reply.json()).toHaveLength(2);
    const typed = await t.app.inject({
      method: "GET",
      url: `/api/analytics/faculty/${alice.faculty.id}?range=1y&eventType=project_created`,
      headers: alice.headers,
    });
    expect(typed.headers["x-total-count"]).toBe("2");
    expect(typed.json().map((e: { description: string }) => e.description)).toEqual([
      "Project Created: Exactly seven days",
      "Project Created: Exactly a year",
    ]);
    const admins = await t.app.inject({
      method: "GET",
      url: `/api/analytics/faculty/${alice.faculty.id}`,
      headers: admin.headers,
    });
    expect(admins.statusCode).toBe(403);
  });
});

describe("GET /api/analytics/report", () => {
  const report = (query: string, headers = alice.headers) =>
    t.app.inject({ method: "GET", url: `/api/analytics/report?${query}`, headers });

  it("answers the range's events as CSV that parses back to the same events", async () => {
    const reply = await report("format=csv&range=90d");
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(reply.headers["content-disposition"]).toContain(
      'filename="pivot-launch-report-90d-2026-09-01.csv"',
    );
    expect([...reply.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(reply.body).toContain("\r\n");
    const rows = parse(reply.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    const events = await t.app.inject({
      method: "GET",
      url: `/api/analytics/faculty/${alice.faculty.id}?range=90d`,
      headers: alice.headers,
    });
    const expected = (
      events.json() as Array<{
        createdAt: string;
        eventType: string;
        eventData: unknown;
        description: string;
      }>
    ).reverse();
    expect(rows).toHaveLength(7);
    expect(rows).toEqual(
      expected.map((event) => ({
        Date: event.createdAt,
        Event: expect.any(String),
        Details: event.description,
        "Event Type": event.eventType,
        "Event Data": JSON.stringify(event.eventData),
      })),
    );
    expect(rows.map((row) => row.Event)).toContain("Student Contribution");
  });

  it("answers a real PDF with the four figures, the charts and the projects", async () => {
    const reply = await report("format=pdf&range=30d");
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/pdf");
    expect(reply.headers["content-disposition"]).toContain(
      'filename="pivot-launch-report-30d-2026-09-01.pdf"',
    );
    expect(reply.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const pdf = await getDocumentProxy(new Uint8Array(reply.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    for (const expected of [
      "Pivot & Launch Analytics Report",
      "Active Projects: 2",
      "Student Engagement: 4 students (6% of 65 students in active projects)",
      "Completion Rate: 33% (Good)",
      "Activity Score: 5 events (Low engagement)",
      "Activity trend",
      "Event distribution",
      "Harbour Water Study",
      "Meadow Survey",
      "Finished Study",
    ]) {
      expect(flat).toContain(expected);
    }
    expect(flat).not.toContain("Bob's Secret Project");
  });

  it("lays the PDF out with whole header words and no nearly empty page before the last", async () => {
    const reply = await report("format=pdf&range=30d");
    expect(reply.statusCode).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(reply.rawPayload));
    const { text } = await extractText(pdf, { mergePages: false });
    const projectsPage = text
      .map((page) => page.replace(/\s+/g, " "))
      .find((page) => page.includes("Harbour Water Study"));
    // The Projects table's header, each word whole ("Contributi ons" before).
    expect(projectsPage).toContain("Project Status Contributions Pending Reviews Last activity");
    // Every page but the last is filled at least down to its middle (PDF y grows upwards); the
    // footer "page n of m" is left out.
    for (let number = 1; number < pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const { items } = await page.getTextContent();
      const lowest = Math.min(
        ...items.flatMap((item) =>
          "str" in item && item.str.trim() !== "" && !/page \d+ of \d+/.test(item.str)
            ? [item.transform[5] as number]
            : [],
        ),
      );
      const [, , , height] = page.view as [number, number, number, number];
      expect(lowest, `page ${number} of ${pdf.numPages}`).toBeLessThan(height / 2);
    }
  });

  it("refuses a bad format with a message", async () => {
    const reply = await report("format=xlsx");
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe("Format must be one of: csv, pdf");
  });
});
