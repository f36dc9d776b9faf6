import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Project } from "#shared/schemas/projects.ts";
import { createJobQueue } from "../../platform/jobs/jobs.ts";
import { createMailRepository } from "../../platform/mail/mail.repository.ts";
import { mailMessageTable } from "../../platform/mail/mail.table.ts";
import { registerMailSender } from "../../platform/mail/mail-sender.ts";
import { createMailer } from "../../platform/mail/mailer.ts";
import { createNotificationsReadModel } from "../../read-models/notifications.read-model.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { type SmtpTestServer, startSmtpServer } from "../../test/smtp-server.ts";
import { createTestApp, type TestApp, testConfig } from "../../test/test-app.ts";
import { createSchedulingService } from "../pivot-assets/scheduling.service.ts";
import { createStudentDueCounts } from "../student-practice/student-practice.service.ts";
import { createNotificationsService } from "./notifications.service.ts";
import { notificationTable } from "./notifications.table.ts";
import { UnsubscribeSigner } from "./unsubscribe-signer.ts";

const log = pino({ level: "silent" });
const FROM = "Pivot & Launch <pbl@uni.test>";
const PUBLIC_URL = "https://pbl.uni.test";

let t: TestApp;
let smtp: SmtpTestServer;
type Person = Awaited<ReturnType<typeof signedInFaculty>>;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
  smtp = await startSmtpServer();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await smtp?.close();
  await t?.close();
});

let addresses = 0;
const call = (method: InjectOptions["method"], url: string, who: Person | undefined, payload?: unknown) => {
  addresses += 1;
  return t.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    remoteAddress: `10.7.${Math.floor(addresses / 250)}.${addresses % 250}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
};

const person = (name: string, role: "instructor" | "student" = "instructor") =>
  signedInFaculty(t.app, t.database.db, { name, role });

async function join(who: Person, project: Project) {
  const reply = await call("POST", "/api/student/join", who, { code: project.joinCode });
  expect(reply.statusCode, reply.body).toBe(200);
}

async function contribute(who: Person, project: Project, content: string) {
  const reply = await call("POST", `/api/student/projects/${project.id}/contributions`, who, {
    contributionType: "suggestion",
    content,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json() as { id: number };
}

async function list(who: Person, query = "") {
  const reply = await call("GET", `/api/notifications${query}`, who);
  expect(reply.statusCode, reply.body).toBe(200);
  return { ...reply.json(), total: Number(reply.headers["x-total-count"]) };
}

async function setChannel(who: Person, kind: string, channel: string) {
  const reply = await call("PUT", "/api/notifications/preferences", who, {
    preferences: [{ kind, channel }],
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

async function setTimeZone(who: Person, timeZone: string) {
  const reply = await call("PUT", "/api/auth/time-zone", who, { timeZone });
  expect(reply.statusCode, reply.body).toBe(204);
}

/** An owner's project with a card of two flashcards: both due for a student who joins. */
async function projectWithItems(owner: Person, title: string) {
  const project: Project = await createProjectViaApi(t.app, owner.headers, { title });
  const card = await call("POST", "/api/pivot-cards", owner, {
    title: `${title} card`,
    discipline: "economics",
    definition: "The value of the next best alternative given up.",
    projectId: project.id,
  });
  expect(card.statusCode, card.body).toBe(201);
  for (const question of ["First?", "Second?"]) {
    const item = await call("POST", "/api/retrieval-items", owner, {
      pivotCardId: card.json().id,
      type: "flashcard",
      question,
      answer: "This.",
    });
    expect(item.statusCode, item.body).toBe(201);
  }
  return project;
}

/** The digest service on the test database, its mail sent to the test SMTP server by its own job queue. */
function digests() {
  const mail = createMailRepository(t.database.db);
  const jobs = createJobQueue({
    database: t.database,
    concurrency: 1,
    pollingIntervalSeconds: 0.5,
    stopGraceMs: 100,
  });
  cleanups.push(() => jobs.stop());
  registerMailSender({
    jobs,
    mail,
    smtp: { smtpUrl: smtp.url, from: FROM },
    retryDelaySeconds: 1,
    now: () => new Date(),
    log,
  });
  const config = testConfig({ publicUrl: PUBLIC_URL });
  return createNotificationsService({
    db: t.database.db,
    now: t.clock.now,
    config,
    mail: createMailer({ mail, jobs, configured: true, now: () => new Date(), log }),
    signer: new UnsubscribeSigner(config.appSecret ?? ""),
    people: createNotificationsReadModel(t.database.db),
    dueCounts: createStudentDueCounts({
      db: t.database.db,
      now: t.clock.now,
      scheduling: createSchedulingService({ now: t.clock.now }),
    }).dueCounts,
  });
}

describe("in-app notifications", () => {
  it("tells a project's owner of a new contribution and a signed-in student of its review", async () => {
    const owner = await person("Nora Owner");
    const student = await person("Sam Student", "student");
    const project = await createProjectViaApi(t.app, owner.headers, { title: "Solar kiosk" });
    await join(student, project);

    const sent = await contribute(student, project, "Try a smaller battery first.");
    const ownerList = await list(owner);
    expect(ownerList.unreadCount).toBe(1);
    expect(ownerList.total).toBe(1);
    expect(ownerList.items).toEqual([
      expect.objectContaining({
        kind: "new_contribution",
        title: "New contribution to “Solar kiosk”",
        body: "Sam Student sent a contribution.",
        link: `/projects/${project.id}`,
        readAt: null,
      }),
    ]);
    expect((await list(student)).items).toEqual([]);

    const review = await call("PUT", `/api/contributions/${sent.id}/status`, owner, { status: "approved" });
    expect(review.statusCode, review.body).toBe(200);
    const studentList = await list(student);
    expect(studentList.unreadCount).toBe(1);
    expect(studentList.items).toEqual([
      expect.objectContaining({
        kind: "feedback_released",
        title: "Your contribution was reviewed",
        body: "Your instructor marked it approved.",
        link: `/student/projects/${project.id}`,
      }),
    ]);
  });

  it("makes no notification for a kind switched off, and says each role's kinds with their defaults", async () => {
    const owner = await person("Otto Owner");
    const student = await person("Sia Student", "student");
    const defaults = await call("GET", "/api/notifications/preferences", owner);
    expect(defaults.json()).toEqual({
      preferences: [
        { kind: "new_contribution", channel: "mail" },
        { kind: "milestone_due", channel: "in_app" },
      ],
    });
    expect((await call("GET", "/api/notifications/preferences", student)).json()).toEqual({
      preferences: [
        { kind: "feedback_released", channel: "in_app" },
        { kind: "reviews_due", channel: "mail" },
        { kind: "team_published", channel: "in_app" },
        { kind: "milestone_due", channel: "in_app" },
      ],
    });

    expect(await setChannel(owner, "new_contribution", "off")).toEqual({
      preferences: [
        { kind: "new_contribution", channel: "off" },
        { kind: "milestone_due", channel: "in_app" },
      ],
    });
    await setChannel(student, "feedback_released", "off");
    const project = await createProjectViaApi(t.app, owner.headers, { title: "Quiet project" });
    await join(student, project);
    const sent = await contribute(student, project, "Nobody hears this one.");
    await call("PUT", `/api/contributions/${sent.id}/status`, owner, { status: "rejected" });
    const rows = await t.database.db
      .select()
      .from(notificationTable)
      .where(eq(notificationTable.facultyId, owner.faculty.id));
    expect(rows).toEqual([]);
    expect((await list(student)).total).toBe(0);

    const bad = await call("PUT", "/api/notifications/preferences", owner, {
      preferences: [{ kind: "new_contribution", channel: "loud" }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it("marks one's own as read, one or all, and answers 404 for another's", async () => {
    const owner = await person("Rita Reader");
    const other = await person("Olaf Other");
    const student = await person("Stu Sender", "student");
    const project = await createProjectViaApi(t.app, owner.headers, { title: "Busy project" });
    await join(student, project);
    for (const content of ["One idea here.", "Two ideas here.", "Three ideas here."])
      await contribute(student, project, content);

    const page = await list(owner, "?limit=2");
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    expect(page.unreadCount).toBe(3);
    const [newest, second] = page.items;
    expect(newest.id).toBeGreaterThan(second.id);

    expect((await call("POST", `/api/notifications/${newest.id}/read`, other)).statusCode).toBe(404);
    const read = await call("POST", `/api/notifications/${newest.id}/read`, owner);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unreadCount: 2 });
    expect((await list(owner)).items[0].readAt).toEqual(expect.any(String));

    const all = await call("POST", "/api/notifications/read-all", owner);
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await list(owner)).unreadCount).toBe(0);
    expect((await call("POST", "/api/notifications/999999/read", owner)).statusCode).toBe(404);
  });
});

describe("time zone", () => {
  it("takes an IANA zone and refuses anything else", async () => {
    const who = await person("Tess Zone", "student");
    await setTimeZone(who, "Europe/Berlin");
    for (const timeZone of ["Mars/Olympus", "", "UTC+25"]) {
      const reply = await call("PUT", "/api/auth/time-zone", who, { timeZone });
      expect(reply.statusCode, timeZone).toBe(400);
    }
    expect((await call("PUT", "/api/auth/time-zone", undefined, { timeZone: "UTC" })).statusCode).toBe(401);
  });
});

describe("daily digests", () => {
  it("mails one digest per kind at the local morning hour, never twice a day, and none when nothing is due", async () => {
    const service = digests();
    const owner = await person("Dana Digest");
    const student = await person("Dev Student", "student");
    const idle = await person("Ida Idle", "student");
    for (const who of [owner, student, idle]) await setTimeZone(who, "America/New_York");
    const project = await projectWithItems(owner, "Wind tunnel");
    await join(student, project);
    await contribute(student, project, "Make the inlet wider.");
    await contribute(student, project, "Measure twice, cut once.");
    const before = smtp.messages.length;

    // 06:30 in New York (UTC-4 in September): not yet the morning hour.
    expect(await service.sendDigests(new Date("2026-09-02T10:30:00Z"))).toEqual({ mails: 0 });
    // 07:00 in New York: the owner's digest of two contributions and the student's reminder.
    expect(await service.sendDigests(new Date("2026-09-02T11:00:00Z"))).toEqual({ mails: 2 });
    const received = (await smtp.waitFor(before + 2)).slice(before);
    const ownerMail = received.find((mail) => mail.to.includes(owner.faculty.email));
    expect(ownerMail?.subject).toBe("2 new contributions to your projects");
    expect(ownerMail?.text).toContain("New contribution to “Wind tunnel”");
    expect(ownerMail?.text).toContain("Test University");
    expect(ownerMail?.text).toContain("Pivot & Launch");
    expect(ownerMail?.headers.get("list-unsubscribe")).toMatch(
      /^<https:\/\/pbl\.uni\.test\/api\/notifications\/unsubscribe\/[^>]+>$/,
    );
    expect(ownerMail?.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(ownerMail?.links).toContain(`${PUBLIC_URL}/projects/${project.id}`);
    const studentMail = received.find((mail) => mail.to.includes(student.faculty.email));
    expect(studentMail?.subject).toBe("2 practice reviews are due today");
    expect(received.some((mail) => mail.to.includes(idle.faculty.email))).toBe(false);
    expect((await list(student)).items).toEqual([
      expect.objectContaining({ kind: "reviews_due", title: "2 practice reviews are due" }),
    ]);
    expect((await list(idle)).total).toBe(0);

    // Later the same morning, and with something new: nothing more that day.
    await contribute(student, project, "One more thought.");
    expect(await service.sendDigests(new Date("2026-09-02T11:45:00Z"))).toEqual({ mails: 0 });
    expect((await list(student)).total).toBe(1);
    // The next morning: the one new contribution, and the reminder again.
    expect(await service.sendDigests(new Date("2026-09-03T11:15:00Z"))).toEqual({ mails: 2 });
    const next = (await smtp.waitFor(before + 4)).slice(before + 2);
    expect(next.find((mail) => mail.to.includes(owner.faculty.email))?.subject).toBe(
      "1 new contribution to your projects",
    );

    // The mail's one-click address works as a mail client posts it, and its page link names the same token.
    const oneClick = new URL(ownerMail?.headers.get("list-unsubscribe")?.slice(1, -1) ?? "");
    const token = oneClick.pathname.split("/").pop() ?? "";
    expect(ownerMail?.links).toContain(`${PUBLIC_URL}/unsubscribe?token=${token}`);
    const posted = await t.app.inject({
      method: "POST",
      url: oneClick.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const after = await call("GET", "/api/notifications/preferences", owner);
    expect(after.json().preferences[0]).toEqual({ kind: "new_contribution", channel: "off" });
  });

  it("sends nothing by mail for a kind kept in the app", async () => {
    const service = digests();
    const owner = await person("Ina Inapp");
    await setChannel(owner, "new_contribution", "in_app");
    const student = await person("Ola Student", "student");
    await setChannel(student, "reviews_due", "in_app");
    const project = await projectWithItems(owner, "In-app project");
    await join(student, project);
    await contribute(student, project, "Only in the bell.");
    // Both without a zone: UTC, whose morning hour is 07:00Z.
    const at = new Date("2026-09-05T07:10:00Z");
    await service.sendDigests(at);
    const rows = await t.database.db.select().from(mailMessageTable);
    const mine = rows.filter(
      (row) => row.facultyId === owner.faculty.id || row.facultyId === student.faculty.id,
    );
    expect(mine).toEqual([]);
    expect((await list(student)).items.map((item: { kind: string }) => item.kind)).toEqual(["reviews_due"]);
  });
});

describe("one-click unsubscribe", () => {
  it("switches the kind off without a session, says what it switches on GET, and answers 404 to a bad token", async () => {
    const owner = await person("Una Subscribed");
    const signer = new UnsubscribeSigner(testConfig().appSecret ?? "");
    const token = signer.token(owner.faculty.id, "new_contribution");

    const info = await call("GET", `/api/notifications/unsubscribe/${token}`, undefined);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toEqual({ kind: "new_contribution", label: "New contributions to my projects" });
    expect((await call("GET", "/api/notifications/preferences", owner)).json().preferences[0].channel).toBe(
      "mail",
    );

    const posted = await t.app.inject({
      method: "POST",
      url: `/api/notifications/unsubscribe/${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect((await call("GET", "/api/notifications/preferences", owner)).json().preferences[0]).toEqual({
      kind: "new_contribution",
      channel: "off",
    });
    const empty = await t.app.inject({ method: "POST", url: `/api/notifications/unsubscribe/${token}` });
    expect(empty.statusCode).toBe(200);

    const forged = `${owner.faculty.id}.reviews_due.${token.split(".")[2]}`;
    for (const bad of [forged, "nothing", `${owner.faculty.id}.new_contribution.AAAA`]) {
      const reply = await t.app.inject({ method: "POST", url: `/api/notifications/unsubscribe/${bad}` });
      expect(reply.statusCode, bad).toBe(404);
    }
  });
});
