import { and, eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "#shared/account.ts";
import { ENROLMENT_MESSAGES } from "#shared/schemas/enrolment.ts";
import type { Project } from "#shared/schemas/projects.ts";
import { STUDENT_MESSAGES } from "#shared/schemas/student.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { analyticsEventTable } from "../analytics/analytics.table.ts";
import { sessionTable } from "../auth/session.table.ts";
import { cognitiveLoadCheckInTable } from "../cognitive-load/cognitive-load.table.ts";
import { contributionTable } from "../contributions/contributions.table.ts";
import { enrolmentTable } from "../enrolment/enrolment.table.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import {
  studentCardMasteryTable,
  studentReviewTable,
  studentScheduleTable,
} from "../student-practice/student-practice.table.ts";

/** A student contributes and checks in signed in; a student's data is theirs. */
let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Person;

const RATE_LIMIT = 6;

beforeAll(async () => {
  t = await createTestApp({ config: { rateLimit: { contributionsPerMinute: RATE_LIMIT } } });
  owner = await signedInFaculty(t.app, t.database.db, { name: "Olive Owner" });
});
afterAll(() => t?.close());

let addresses = 0;
/** Each call from its own address unless given: only the rate limit tests meet a limit per address. */
const call = (
  method: InjectOptions["method"],
  url: string,
  who: Person | undefined,
  payload?: unknown,
  remoteAddress?: string,
) => {
  addresses += 1;
  return t.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    remoteAddress: remoteAddress ?? `10.2.${Math.floor(addresses / 250)}.${addresses % 250}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
};

const newStudent = (name: string) => signedInFaculty(t.app, t.database.db, { role: "student", name });
const join = async (who: Person, project: Project) => {
  const reply = await call("POST", "/api/student/join", who, { code: project.joinCode });
  expect(reply.statusCode, reply.body).toBe(200);
};

const checkIn = (overrides: Record<string, unknown> = {}) => ({
  context: "launch",
  mentalEffort: 6,
  intrinsicItems: [6, 6, 6],
  extraneousItems: [2, 2, 2],
  germaneItems: [7, 7, 7, 7],
  technostress: 2,
  interruptions: 1,
  taskMinutes: 30,
  refocusMinutes: 1,
  ...overrides,
});

const summaryOf = async (query: string) => {
  const reply = await call("GET", `/api/cognitive-load/summary?${query}`, owner);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
};

/** A pivot card of the project with one retrieval item, through the owner's routes. */
async function itemOf(project: Project) {
  const card = await call("POST", "/api/pivot-cards", owner, {
    title: `Concept of ${project.id}`,
    discipline: "chemistry",
    definition: "A concept to practise.",
    projectId: project.id,
  });
  expect(card.statusCode, card.body).toBe(201);
  const item = await call("POST", "/api/retrieval-items", owner, {
    pivotCardId: card.json().id,
    type: "flashcard",
    question: `What is concept ${project.id}?`,
    answer: "A concept.",
  });
  expect(item.statusCode, item.body).toBe(201);
  return { cardId: card.json().id as number, itemId: item.json().id as number };
}

/** Seeds a student's practice rows of a project directly (the practice routes are another item's). */
async function seedPractice(student: Person, project: Project) {
  const { cardId, itemId } = await itemOf(project);
  const at = t.clock.now();
  const studentId = student.faculty.id;
  const { db } = t.database;
  await db
    .insert(studentScheduleTable)
    .values({ studentId, itemId, projectId: project.id, due: at, state: 2 });
  await db.insert(studentReviewTable).values({
    studentId,
    itemId,
    projectId: project.id,
    rating: 3,
    reviewedAt: at,
    dueAt: at,
    previousState: 0,
  });
  await db
    .insert(studentCardMasteryTable)
    .values({ studentId, pivotCardId: cardId, projectId: project.id, mastery: 0.8, computedAt: at });
  return { cardId, itemId };
}

/** How many practice rows of each table the student has in the project. */
async function practiceRows(student: Person, project: Project) {
  const { db } = t.database;
  const counted = async (
    table: typeof studentScheduleTable | typeof studentReviewTable | typeof studentCardMasteryTable,
  ) => {
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(eq(table.studentId, student.faculty.id), eq(table.projectId, project.id)));
    return rows[0]?.n ?? 0;
  };
  return {
    schedule: await counted(studentScheduleTable),
    reviews: await counted(studentReviewTable),
    mastery: await counted(studentCardMasteryTable),
  };
}

describe("contributing signed in", () => {
  it("takes a contribution to an enrolled project only, attributed to the account, and the owner sees it", async () => {
    const a = await createProjectViaApi(t.app, owner.headers, { title: "Project A" });
    const b = await createProjectViaApi(t.app, owner.headers, { title: "Project B" });
    const ada = await newStudent("Ada Contributor");
    await join(ada, a);

    const foreign = await call("POST", `/api/student/projects/${b.id}/contributions`, ada, {
      contributionType: "question",
      content: "Not enrolled in this one.",
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(ENROLMENT_MESSAGES.notEnrolled);
    const missing = await call("POST", "/api/student/projects/999999/contributions", ada, {
      contributionType: "question",
      content: "No such project at all.",
    });
    expect(missing.statusCode).toBe(404);

    const sent = await call("POST", `/api/student/projects/${a.id}/contributions`, ada, {
      contributionType: "reflection",
      content: "  Calibration made sense once I plotted it.  ",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({
      id: expect.any(Number),
      projectId: a.id,
      projectTitle: "Project A",
      contributionType: "reflection",
      content: "Calibration made sense once I plotted it.",
      status: "pending",
      createdAt: expect.any(String),
    });

    // The owner's list and Student Collaboration: the account's name and e-mail.
    const list = await call("GET", `/api/contributions/project/${a.id}`, owner);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: sent.json().id,
        studentName: "Ada Contributor",
        studentEmail: ada.faculty.email,
        content: "Calibration made sense once I plotted it.",
      }),
    ]);
    const collaboration = await call("GET", `/api/contributions?projectId=${a.id}`, owner);
    expect(collaboration.json().map((row: { studentName: string }) => row.studentName)).toEqual([
      "Ada Contributor",
    ]);
    const figures = await call("GET", `/api/contributions/summary?projectId=${a.id}`, owner);
    expect(figures.json()).toMatchObject({ total: 1, pending: 1, activeStudents: 1 });
    // Stored with the account, and recorded as an analytics event of the owner like any other.
    const [row] = await t.database.db
      .select()
      .from(contributionTable)
      .where(eq(contributionTable.id, sent.json().id));
    expect(row?.submittedBy).toBe(ada.faculty.id);
    const events = await t.database.db
      .select()
      .from(analyticsEventTable)
      .where(
        and(
          eq(analyticsEventTable.facultyId, owner.faculty.id),
          eq(analyticsEventTable.eventType, "collaboration_added"),
        ),
      );
    expect(events.map((event) => event.eventData.contributionId)).toContain(sent.json().id);
  });

  it("lists the student's own contributions with their review status, newest first, and no one else's", async () => {
    const a = await createProjectViaApi(t.app, owner.headers, { title: "Own List A" });
    const c = await createProjectViaApi(t.app, owner.headers, { title: "Own List C" });
    const bea = await newStudent("Bea Lister");
    const cal = await newStudent("Cal Other");
    await join(bea, a);
    await join(bea, c);
    await join(cal, a);
    const first = await call("POST", `/api/student/projects/${a.id}/contributions`, bea, {
      contributionType: "question",
      content: "First question from Bea",
    });
    t.clock.advance(1000);
    await call("POST", `/api/student/projects/${c.id}/contributions`, bea, {
      contributionType: "feedback",
      content: "Second, feedback on C",
    });
    await call("POST", `/api/student/projects/${a.id}/contributions`, cal, {
      contributionType: "question",
      content: "Cal's own question",
    });
    const status = await call("PUT", `/api/contributions/${first.json().id}/status`, owner, {
      status: "implemented",
    });
    expect(status.statusCode).toBe(200);

    const own = await call("GET", "/api/student/contributions", bea);
    expect(own.statusCode).toBe(200);
    expect(own.headers["x-total-count"]).toBe("2");
    expect(own.json().map((row: { content: string; status: string }) => [row.content, row.status])).toEqual([
      ["Second, feedback on C", "pending"],
      ["First question from Bea", "implemented"],
    ]);
    expect(own.body).not.toContain("Cal's own question");
    const ofA = await call("GET", `/api/student/contributions?projectId=${a.id}&limit=1`, bea);
    expect(ofA.json().map((row: { projectTitle: string }) => row.projectTitle)).toEqual(["Own List A"]);
    expect(ofA.headers["x-total-count"]).toBe("1");
  });

  it("refuses bad input with a clear 400 and limits contributions per student (429)", async () => {
    const a = await createProjectViaApi(t.app, owner.headers);
    const dan = await newStudent("Dan Limited");
    await join(dan, a);
    const short = await call("POST", `/api/student/projects/${a.id}/contributions`, dan, {
      contributionType: "question",
      content: "short",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/Contribution must be at least 10 characters/);
    const noType = await call("POST", `/api/student/projects/${a.id}/contributions`, dan, {
      content: "Long enough content here",
    });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().message).toMatch(/Please choose a contribution type/);
    // Two attempts counted already (before validation), from different addresses: per student.
    const replies = [];
    for (let i = 0; i < RATE_LIMIT - 1; i += 1)
      replies.push(
        await call("POST", `/api/student/projects/${a.id}/contributions`, dan, {
          contributionType: "suggestion",
          content: `Suggestion number ${i}`,
        }),
      );
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201, 201, 201, 429]);
    expect(replies.at(-1)?.json().message).toMatch(/Too many contributions/);
  });

  it("keeps the public link working without an account, and leaves those out of a student's lists", async () => {
    const a = await createProjectViaApi(t.app, owner.headers, { title: "Public Link" });
    const eve = await newStudent("Eve Public");
    await join(eve, a);
    const contribution = await call("POST", `/api/public/contributions/${a.contributionToken}`, undefined, {
      studentName: "Anonymous Sam",
      contributionType: "question",
      content: "Sent through the public link",
    });
    expect(contribution.statusCode, contribution.body).toBe(201);
    const checkedIn = await call(
      "POST",
      `/api/public/cognitive-load/${a.contributionToken}`,
      undefined,
      checkIn(),
    );
    expect(checkedIn.statusCode, checkedIn.body).toBe(201);
    const list = await call("GET", `/api/contributions/project/${a.id}`, owner);
    expect(list.json()).toEqual([
      expect.objectContaining({ studentName: "Anonymous Sam", studentEmail: null }),
    ]);
    const [stored] = await t.database.db
      .select()
      .from(cognitiveLoadCheckInTable)
      .where(eq(cognitiveLoadCheckInTable.projectId, a.id));
    expect(stored).toMatchObject({ source: "link", studentId: null });
    expect((await call("GET", "/api/student/contributions", eve)).json()).toEqual([]);
    expect((await call("GET", "/api/student/check-ins", eve)).json()).toEqual([]);
  });
});

describe("checking in signed in", () => {
  it("counts in the owner's summary, keeps the student on the row, and never shows it to the owner", async () => {
    const a = await createProjectViaApi(t.app, owner.headers, { title: "Check-in A" });
    const b = await createProjectViaApi(t.app, owner.headers, { title: "Check-in B" });
    const fay = await newStudent("Fay Checker");
    const gus = await newStudent("Gus Other");
    await join(fay, a);
    await join(gus, a);

    const foreign = await call("POST", `/api/student/projects/${b.id}/check-ins`, fay, checkIn());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(ENROLMENT_MESSAGES.notEnrolled);
    const bad = await call(
      "POST",
      `/api/student/projects/${a.id}/check-ins`,
      fay,
      checkIn({ mentalEffort: 12 }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Mental effort must be a whole number from 1 to 9/);

    const before = await summaryOf(`timeframe=7d&context=all&projectId=${a.id}`);
    expect(before.responses).toBe(0);
    // Two anonymous answers through the link, then Fay's and Gus's signed in: 4 in all.
    for (const effort of [2, 4])
      await call(
        "POST",
        `/api/public/cognitive-load/${a.contributionToken}`,
        undefined,
        checkIn({ mentalEffort: effort }),
      );
    const sent = await call(
      "POST",
      `/api/student/projects/${a.id}/check-ins`,
      fay,
      checkIn({ mentalEffort: 8, remark: "Fay's remark about the lab" }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      projectId: a.id,
      projectTitle: "Check-in A",
      context: "launch",
      mentalEffort: 8,
      intrinsicLoad: 6,
      germaneLoad: 7,
      remark: "Fay's remark about the lab",
    });
    expect(sent.json()).not.toHaveProperty("studentId");
    await call("POST", `/api/student/projects/${a.id}/check-ins`, gus, checkIn({ mentalEffort: 6 }));

    const after = await summaryOf(`timeframe=7d&context=all&projectId=${a.id}`);
    expect(after.responses).toBe(4);
    expect(after.currentAverages.mentalEffort).toBe(5); // (2 + 4 + 8 + 6) / 4
    expect(after.remarks.map((remark: { text: string }) => remark.text)).toEqual([
      "Fay's remark about the lab",
    ]);
    const all = await summaryOf("timeframe=7d&context=all");
    expect(all.responses).toBeGreaterThanOrEqual(4);
    // The owner's answers never carry who checked in.
    for (const body of [JSON.stringify(after), JSON.stringify(all)]) {
      expect(body).not.toMatch(/studentId|student_id|Fay Checker/);
      expect(body).not.toContain(fay.faculty.email);
    }
    const [row] = await t.database.db
      .select()
      .from(cognitiveLoadCheckInTable)
      .where(eq(cognitiveLoadCheckInTable.id, sent.json().id));
    expect(row).toMatchObject({ source: "student", studentId: fay.faculty.id });

    const own = await call("GET", "/api/student/check-ins", fay);
    expect(own.statusCode).toBe(200);
    expect(own.headers["x-total-count"]).toBe("1");
    expect(own.json()).toEqual([sent.json()]);
  });

  it("limits check-ins per student (429)", async () => {
    const a = await createProjectViaApi(t.app, owner.headers);
    const hal = await newStudent("Hal Limited");
    await join(hal, a);
    const codes = [];
    for (let i = 0; i <= RATE_LIMIT; i += 1)
      codes.push((await call("POST", `/api/student/projects/${a.id}/check-ins`, hal, checkIn())).statusCode);
    expect(codes).toEqual([...Array(RATE_LIMIT).fill(201), 429]);
  });
});

describe("leaving a project", () => {
  it("removes the enrolment and the student's practice of that project only; they can join again", async () => {
    const a = await createProjectViaApi(t.app, owner.headers, { title: "Leave A" });
    const c = await createProjectViaApi(t.app, owner.headers, { title: "Leave C" });
    const ivy = await newStudent("Ivy Leaver");
    const jon = await newStudent("Jon Stayer");
    await join(ivy, a);
    await join(ivy, c);
    await join(jon, a);
    await seedPractice(ivy, a);
    await seedPractice(ivy, c);
    await seedPractice(jon, a);
    const one = { schedule: 1, reviews: 1, mastery: 1 };
    expect(await practiceRows(ivy, a)).toEqual(one);

    const left = await call("DELETE", `/api/student/projects/${a.id}`, ivy);
    expect(left.statusCode).toBe(204);
    expect(await practiceRows(ivy, a)).toEqual({ schedule: 0, reviews: 0, mastery: 0 });
    expect(await practiceRows(ivy, c)).toEqual(one);
    expect(await practiceRows(jon, a)).toEqual(one);
    expect((await call("GET", `/api/student/projects/${a.id}`, ivy)).statusCode).toBe(404);
    const roster = await call("GET", `/api/projects/${a.id}/roster`, owner);
    expect(roster.json().map((entry: { name: string }) => entry.name)).toEqual(["Jon Stayer"]);

    const again = await call("DELETE", `/api/student/projects/${a.id}`, ivy);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ENROLMENT_MESSAGES.notEnrolled);
    expect((await call("DELETE", "/api/student/projects/999999", ivy)).statusCode).toBe(404);

    await join(ivy, a);
    expect((await call("GET", `/api/student/projects/${a.id}`, ivy)).statusCode).toBe(200);
  });

  it("removes the same rows when the owner takes a student off the roster", async () => {
    const a = await createProjectViaApi(t.app, owner.headers);
    const c = await createProjectViaApi(t.app, owner.headers);
    const kim = await newStudent("Kim Removed");
    await join(kim, a);
    await join(kim, c);
    await seedPractice(kim, a);
    await seedPractice(kim, c);
    const removed = await call("DELETE", `/api/projects/${a.id}/roster/${kim.faculty.id}`, owner);
    expect(removed.statusCode).toBe(204);
    expect(await practiceRows(kim, a)).toEqual({ schedule: 0, reviews: 0, mastery: 0 });
    expect(await practiceRows(kim, c)).toEqual({ schedule: 1, reviews: 1, mastery: 1 });
  });
});

describe("downloading one's data", () => {
  it("answers everything the student entered as a JSON attachment, and nothing of other students", async () => {
    const a = await createProjectViaApi(t.app, owner.headers, { title: "Export A" });
    const lea = await newStudent("Lea Exporter");
    const max = await newStudent("Max Neighbour");
    await join(lea, a);
    await join(max, a);
    const { itemId } = await seedPractice(lea, a);
    await seedPractice(max, a);
    await call("POST", `/api/student/projects/${a.id}/contributions`, lea, {
      contributionType: "suggestion",
      content: "Lea suggests a field trip",
    });
    await call(
      "POST",
      `/api/student/projects/${a.id}/check-ins`,
      lea,
      checkIn({ remark: "Lea's check-in remark" }),
    );
    await call("POST", `/api/student/projects/${a.id}/contributions`, max, {
      contributionType: "suggestion",
      content: "Max suggests something private",
    });
    await call(
      "POST",
      `/api/student/projects/${a.id}/check-ins`,
      max,
      checkIn({ remark: "Max's private remark" }),
    );

    const reply = await call("GET", "/api/student/export", lea);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers["content-type"]).toMatch(/application\/json/);
    expect(reply.headers["content-disposition"]).toMatch(
      /^attachment; filename="pivot-and-launch-my-data-\d{4}-\d{2}-\d{2}\.json"/,
    );
    expect(reply.headers["cache-control"]).toBe("no-store");
    const body = reply.json();
    expect(body.account).toEqual({
      name: "Lea Exporter",
      email: lea.faculty.email,
      institution: lea.faculty.institution,
      department: lea.faculty.department,
      createdAt: expect.any(String),
    });
    expect(body.projects).toEqual([{ id: a.id, title: "Export A", joinedAt: expect.any(String) }]);
    expect(body.contributions.map((row: { content: string }) => row.content)).toEqual([
      "Lea suggests a field trip",
    ]);
    expect(body.checkIns.map((row: { remark: string }) => row.remark)).toEqual(["Lea's check-in remark"]);
    expect(body.reviews).toEqual([
      {
        itemId,
        projectId: a.id,
        question: `What is concept ${a.id}?`,
        rating: 3,
        reviewedAt: expect.any(String),
      },
    ]);
    for (const other of ["Max", max.faculty.email, "passwordHash", "password_hash", "studentId"])
      expect(reply.body).not.toContain(other);
  });
});

describe("deleting one's account", () => {
  it("refuses a wrong password, then anonymises, deletes, ends the session and keeps the figures", async () => {
    const a = await createProjectViaApi(t.app, owner.headers, { title: "Deletion A" });
    const ned = await newStudent("Ned Leaving");
    const ola = await newStudent("Ola Staying");
    await join(ned, a);
    await join(ola, a);
    await seedPractice(ned, a);
    await seedPractice(ola, a);
    const sent = await call("POST", `/api/student/projects/${a.id}/contributions`, ned, {
      contributionType: "reflection",
      content: "Ned's reflection stays with the class",
    });
    expect(sent.statusCode).toBe(201);
    for (const [who, effort] of [
      [ned, 9],
      [ned, 7],
      [ola, 3],
    ] as const)
      await call("POST", `/api/student/projects/${a.id}/check-ins`, who, checkIn({ mentalEffort: effort }));
    // A second session of Ned's (another device): it must end too.
    const otherDevice = await call("POST", "/api/auth/login", undefined, {
      email: ned.faculty.email,
      password: ned.faculty.password,
    });
    expect(otherDevice.statusCode).toBe(200);

    const projectBefore = await summaryOf(`timeframe=30d&context=all&projectId=${a.id}`);
    const allBefore = await summaryOf("timeframe=30d&context=all");
    expect(projectBefore.responses).toBe(3);

    const wrong = await call("DELETE", "/api/student/account", ned, { password: "not my password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(STUDENT_MESSAGES.passwordIncorrect);
    const empty = await call("DELETE", "/api/student/account", ned, {});
    expect(empty.statusCode).toBe(400);
    expect((await call("GET", "/api/auth/me", ned)).statusCode).toBe(200);
    expect(await practiceRows(ned, a)).toEqual({ schedule: 1, reviews: 1, mastery: 1 });

    const deleted = await call("DELETE", "/api/student/account", ned, { password: ned.faculty.password });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(String(deleted.headers["set-cookie"])).toMatch(/pl_session=;/);

    // The session is gone at once (cached ones too), on both devices; signing in fails.
    const me = await call("GET", "/api/auth/me", ned);
    expect(me.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: "/api/auth/me",
          headers: { authorization: `Bearer ${otherDevice.json().sessionId}` },
        })
      ).statusCode,
    ).toBe(401);
    const signIn = await call("POST", "/api/auth/login", undefined, {
      email: ned.faculty.email,
      password: ned.faculty.password,
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe(AUTH_MESSAGES.invalidCredentials);

    // The owner's record of what was contributed stays; the person goes.
    const list = await call("GET", `/api/contributions/project/${a.id}`, owner);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: sent.json().id,
        studentName: "Former student",
        studentEmail: null,
        content: "Ned's reflection stays with the class",
      }),
    ]);
    const [contribution] = await t.database.db
      .select()
      .from(contributionTable)
      .where(eq(contributionTable.id, sent.json().id));
    expect(contribution?.submittedBy).toBeNull();

    // Check-ins anonymised: the same figures, per project and from the day sums.
    const checkIns = await t.database.db
      .select()
      .from(cognitiveLoadCheckInTable)
      .where(eq(cognitiveLoadCheckInTable.projectId, a.id));
    expect(checkIns).toHaveLength(3);
    expect(checkIns.filter((row) => row.studentId === ned.faculty.id)).toEqual([]);
    expect(checkIns.filter((row) => row.studentId === ola.faculty.id)).toHaveLength(1);
    const projectAfter = await summaryOf(`timeframe=30d&context=all&projectId=${a.id}`);
    const allAfter = await summaryOf("timeframe=30d&context=all");
    expect(projectAfter.responses).toBe(projectBefore.responses);
    expect(projectAfter.currentAverages).toEqual(projectBefore.currentAverages);
    expect(allAfter.responses).toBe(allBefore.responses);
    expect(allAfter.currentAverages).toEqual(allBefore.currentAverages);

    // The account and everything that hung on it are gone; Ola's rows are untouched.
    const { db } = t.database;
    expect(await db.select().from(facultyTable).where(eq(facultyTable.id, ned.faculty.id))).toEqual([]);
    expect(await db.select().from(sessionTable).where(eq(sessionTable.facultyId, ned.faculty.id))).toEqual(
      [],
    );
    expect(
      await db.select().from(enrolmentTable).where(eq(enrolmentTable.studentId, ned.faculty.id)),
    ).toEqual([]);
    expect(await practiceRows(ned, a)).toEqual({ schedule: 0, reviews: 0, mastery: 0 });
    expect(await practiceRows(ola, a)).toEqual({ schedule: 1, reviews: 1, mastery: 1 });
    const roster = await call("GET", `/api/projects/${a.id}/roster`, owner);
    expect(roster.json().map((entry: { name: string }) => entry.name)).toEqual(["Ola Staying"]);
  });

  it("limits wrong passwords like sign-in (429 after the account's limit)", async () => {
    const pat = await newStudent("Pat Guesser");
    const codes = [];
    for (let i = 0; i < 11; i += 1)
      codes.push(
        (await call("DELETE", "/api/student/account", pat, { password: `guess ${i}` }, "10.8.8.8"))
          .statusCode,
      );
    expect(codes.slice(0, 10).every((code) => code === 400)).toBe(true);
    expect(codes[10]).toBe(429);
    // The right password is refused too while limited, so guessing cannot go on.
    const right = await call(
      "DELETE",
      "/api/student/account",
      pat,
      { password: pat.faculty.password },
      "10.8.8.8",
    );
    expect(right.statusCode).toBe(429);
    expect((await call("GET", "/api/auth/me", pat)).statusCode).toBe(200);
  });
});
