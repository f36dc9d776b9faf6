import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailRepository } from "../../platform/mail/mail.repository.ts";
import type { MailMessageRow } from "../../platform/mail/mail.table.ts";
import { signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
let superAdmin: Awaited<ReturnType<typeof signedInFaculty>>;
let admin: Awaited<ReturnType<typeof signedInFaculty>>;
let instructor: Awaited<ReturnType<typeof signedInFaculty>>;
let student: Awaited<ReturnType<typeof signedInFaculty>>;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await signedInFaculty(t.app, t.database.db, { role: "super_admin" });
  admin = await signedInFaculty(t.app, t.database.db, { role: "admin" });
  instructor = await signedInFaculty(t.app, t.database.db, { role: "instructor" });
  student = await signedInFaculty(t.app, t.database.db, { role: "student" });
});
afterAll(() => t?.close());

const repository = () => createMailRepository(t.database.db);

let sequence = 0;
/** A message written straight to the outbox, `minutes` after a fixed start (later is newer). */
async function insertMessage(overrides: Partial<MailMessageRow> = {}) {
  sequence += 1;
  return repository().insert({
    kind: "registration-received",
    toAddress: `person${sequence}@uni.test`,
    subject: `Message ${sequence}`,
    textBody: `Open https://pbl.uni.test/sign-in?n=${sequence} to go on.`,
    htmlBody: "<p>the HTML part</p>",
    links: [`https://pbl.uni.test/sign-in?n=${sequence}`],
    headers: {},
    status: "outbox",
    createdAt: new Date(Date.UTC(2026, 8, 1, 9, sequence)),
    ...overrides,
  });
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: "GET", url, headers });

describe("Administration → Mail", () => {
  it("is for the super admin only", async () => {
    for (const caller of [admin, instructor, student]) {
      expect((await get("/api/admin/mail", caller.headers)).statusCode).toBe(403);
      expect((await get("/api/admin/mail/status", caller.headers)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/admin/mail" })).statusCode).toBe(401);
  });

  it("lists the outbox newest first with each message's text and links, never its HTML", async () => {
    const older = await insertMessage();
    const newer = await insertMessage({ kind: "password-reset" });
    const reply = await get("/api/admin/mail?status=outbox", superAdmin.headers);
    expect(reply.statusCode).toBe(200);
    const ids = reply.json().map((row: { id: number }) => row.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(reply.json().find((row: { id: number }) => row.id === newer.id)).toEqual({
      id: newer.id,
      kind: "password-reset",
      to: newer.toAddress,
      subject: newer.subject,
      status: "outbox",
      attempts: 0,
      lastError: null,
      createdAt: newer.createdAt.toISOString(),
      sentAt: null,
      links: newer.links,
      textBody: newer.textBody,
    });
    expect(reply.body).not.toContain("the HTML part");
  });

  it("answers a page of one status and the total in X-Total-Count", async () => {
    const failed = [];
    for (let index = 0; index < 3; index += 1) {
      failed.push(await insertMessage({ status: "failed", attempts: 6, lastError: "421 try later" }));
    }
    await insertMessage({ status: "sent", sentAt: new Date() });
    const second = await get("/api/admin/mail?status=failed&limit=1&offset=1", superAdmin.headers);
    expect(second.headers["x-total-count"]).toBe("3");
    expect(second.json().map((row: { id: number }) => row.id)).toEqual([failed[1]?.id]);
    expect(second.json()[0]).toMatchObject({ attempts: 6, lastError: "421 try later" });

    const all = await get("/api/admin/mail?limit=2", superAdmin.headers);
    expect(Number(all.headers["x-total-count"])).toBeGreaterThanOrEqual(4);
    expect(all.json()).toHaveLength(2);

    const wrong = await get("/api/admin/mail?status=lost", superAdmin.headers);
    expect(wrong.statusCode).toBe(400);
  });

  it("says no mail server is configured, and which sender is when one is, never its URL", async () => {
    const without = await get("/api/admin/mail/status", superAdmin.headers);
    expect(without.json()).toEqual({ configured: false, from: null });

    const smtpUrl = "smtps://pbl:s3cret-password@mail.uni.test:465";
    const configured = await createTestApp({
      config: { mail: { smtpUrl, from: "Pivot & Launch <pbl@uni.test>" } },
    });
    try {
      const owner = await signedInFaculty(configured.app, configured.database.db, { role: "super_admin" });
      const reply = await configured.app.inject({
        method: "GET",
        url: "/api/admin/mail/status",
        headers: owner.headers,
      });
      expect(reply.json()).toEqual({ configured: true, from: "Pivot & Launch <pbl@uni.test>" });
      expect(reply.body).not.toContain("s3cret");
    } finally {
      await configured.close();
    }
  });
});

describe("a bounced address shown to its owner", () => {
  it("shows the caller's own address with no bounce when mail to it was delivered", async () => {
    const reply = await get("/api/mail/address-status", instructor.headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ address: instructor.faculty.email, bounce: null });
  });

  it("shows a bounce to its owner only, and clears it when they try again", async () => {
    const bouncedAt = new Date("2026-09-01T08:30:00Z");
    await repository().markBounced(student.faculty.email, "550 5.1.1 No such user", bouncedAt);

    const shown = await get("/api/mail/address-status", student.headers);
    expect(shown.json()).toEqual({
      address: student.faculty.email,
      bounce: { reason: "550 5.1.1 No such user", bouncedAt: bouncedAt.toISOString() },
    });
    const other = await get("/api/mail/address-status", admin.headers);
    expect(other.json()).toEqual({ address: admin.faculty.email, bounce: null });

    const cleared = await t.app.inject({
      method: "DELETE",
      url: "/api/mail/address-status",
      headers: student.headers,
    });
    expect(cleared.statusCode).toBe(204);
    expect((await get("/api/mail/address-status", student.headers)).json().bounce).toBeNull();
    expect(await repository().bounceOf(student.faculty.email)).toBeUndefined();
  });

  it("asks for a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/mail/address-status" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: "/api/mail/address-status" })).statusCode).toBe(401);
  });
});
