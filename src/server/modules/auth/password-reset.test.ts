import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, PASSWORD_MESSAGES, PASSWORD_RESET_MESSAGES } from "#shared/account.ts";
import { createMailRepository } from "../../platform/mail/mail.repository.ts";
import { createMailer } from "../../platform/mail/mailer.ts";
import {
  buildFaculty,
  DEFAULT_PASSWORD,
  insertFaculty,
  signedInFaculty,
  signIn,
} from "../../test/factories.ts";
import { type SmtpTestServer, startSmtpServer } from "../../test/smtp-server.ts";
import { createTestApp, passTime, type TestApp, testConfig } from "../../test/test-app.ts";
import { createAdminUsersService } from "../admin-users/admin-users.service.ts";
import { createFacultyAccounts } from "../faculty/faculty.service.ts";
import { createPasswordResetLinks } from "./password-reset.service.ts";

const PUBLIC_URL = "https://pbl.uni.test";
const NEW_PASSWORD = "a brand new passphrase";

let smtp: SmtpTestServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      mail: { smtpUrl: smtp.url, from: "Pivot & Launch <pbl@uni.test>" },
      jobs: { ...testConfig().jobs, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const ask = (email: string, remoteAddress = "127.0.0.1") =>
  t.app.inject({ method: "POST", url: "/api/auth/password-reset", payload: { email }, remoteAddress });
const confirm = (token: string, password = NEW_PASSWORD) =>
  t.app.inject({ method: "POST", url: "/api/auth/password-reset/confirm", payload: { token, password } });

/** The first message to `to` whose subject is `subject` (waits for it). */
async function mailTo(to: string, subject: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = smtp.messages.find((message) => message.to.includes(to) && message.subject === subject);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no message "${subject}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const messagesTo = (to: string) => smtp.messages.filter((message) => message.to.includes(to));
const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";

async function resetLinkFor(email: string) {
  expect((await ask(email)).statusCode).toBe(202);
  const mail = await mailTo(email, "Reset your Pivot & Launch password");
  const url = mail.links.find((link) => link.includes("/reset-password?token="));
  if (!url) throw new Error("no reset link in the message");
  return url;
}

describe("asking for a reset link", () => {
  it("answers the same for an unknown address as for an account, and mails only the account", async () => {
    const person = await insertFaculty(t.database.db, { institution: "Reset University" });
    const known = await ask(person.email);
    const unknown = await ask("nobody-here@uni.test");
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });
    expect(unknown.body).toBe(known.body);

    const mail = await mailTo(person.email, "Reset your Pivot & Launch password");
    expect(mail.text).toContain("Pivot & Launch");
    expect(mail.text).toContain("Reset University");
    expect(mail.text).toContain("30 minutes");
    const url = mail.links.find((link) => link.startsWith(`${PUBLIC_URL}/reset-password?token=`));
    expect(tokenOf(url ?? "")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(messagesTo("nobody-here@uni.test")).toEqual([]);
  });

  it("builds the link on the configured address, never on the request's Host", async () => {
    const person = await insertFaculty(t.database.db);
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { email: person.email },
      headers: { host: "evil.example", origin: "https://evil.example" },
    });
    expect(reply.statusCode).toBe(202);
    const mail = await mailTo(person.email, "Reset your Pivot & Launch password");
    expect(mail.text).not.toContain("evil.example");
    expect(mail.links.some((link) => link.startsWith(`${PUBLIC_URL}/reset-password`))).toBe(true);
  });

  it("mails no pending or rejected account", async () => {
    const pending = await insertFaculty(t.database.db, { status: "pending" });
    const rejected = await insertFaculty(t.database.db, { status: "rejected" });
    expect((await ask(pending.email)).statusCode).toBe(202);
    expect((await ask(rejected.email)).statusCode).toBe(202);
    const marker = await insertFaculty(t.database.db);
    await resetLinkFor(marker.email);
    expect(messagesTo(pending.email)).toEqual([]);
    expect(messagesTo(rejected.email)).toEqual([]);
  });
});

describe("using a reset link", () => {
  it("sets the password once, ends every session and deletes the account's other links", async () => {
    const person = await signedInFaculty(t.app, t.database.db);
    const first = await resetLinkFor(person.faculty.email);
    // A second link, asked for before the first is used, stops working with it.
    smtp.messages.splice(0);
    const second = await resetLinkFor(person.faculty.email);

    expect((await confirm(tokenOf(first))).statusCode).toBe(204);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: person.headers });
    expect(me.statusCode).toBe(401);
    await signIn(t.app, person.faculty.email, NEW_PASSWORD);
    const old = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: person.faculty.email, password: DEFAULT_PASSWORD },
    });
    expect(old.json().message).toBe(AUTH_MESSAGES.invalidCredentials);

    for (const used of [first, second]) {
      const again = await confirm(tokenOf(used), "yet another passphrase");
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    }
  });

  it("refuses an expired link", async () => {
    const person = await insertFaculty(t.database.db);
    const url = await resetLinkFor(person.email);
    passTime(t.clock, 31 * 60_000);
    const late = await confirm(tokenOf(url));
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    await signIn(t.app, person.email);
  });

  it("refuses an unknown or malformed token with the same message", async () => {
    for (const token of ["not-a-real-token", "", "x".repeat(500)]) {
      const reply = await confirm(token);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    }
  });

  it("refuses a short or common password and changes nothing; the link still works", async () => {
    const person = await insertFaculty(t.database.db);
    const url = await resetLinkFor(person.email);
    const short = await confirm(tokenOf(url), "short");
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(PASSWORD_MESSAGES.short);
    const common = await confirm(tokenOf(url), "password123");
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(PASSWORD_MESSAGES.common);
    await signIn(t.app, person.email);
    expect((await confirm(tokenOf(url))).statusCode).toBe(204);
    await signIn(t.app, person.email, NEW_PASSWORD);
  });
});

describe("rate limits", () => {
  it("limits requests per client address and per account", async () => {
    const limited = await createTestApp({
      config: { rateLimit: { perAddressPerMinute: 3, passwordResetsPerAccount: 2 } },
    });
    try {
      const request = (email: string, remoteAddress: string) =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/password-reset",
          payload: { email },
          remoteAddress,
        });
      // Per address: the fourth request from one address, whatever the e-mail.
      for (const n of [1, 2, 3]) expect((await request(`a${n}@uni.test`, "10.0.0.1")).statusCode).toBe(202);
      const fourth = await request("a4@uni.test", "10.0.0.1");
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().message).toBe(AUTH_MESSAGES.rateLimited);
      // Per account: the third request for one e-mail, from any address.
      expect((await request("same@uni.test", "10.0.0.2")).statusCode).toBe(202);
      expect((await request("same@uni.test", "10.0.0.3")).statusCode).toBe(202);
      const third = await request("SAME@uni.test", "10.0.0.4");
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe(AUTH_MESSAGES.rateLimited);
      // Confirmations are limited per address too.
      const confirmFrom = (remoteAddress: string) =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/password-reset/confirm",
          payload: { token: "unknown", password: NEW_PASSWORD },
          remoteAddress,
        });
      for (const _ of [1, 2, 3]) expect((await confirmFrom("10.0.0.9")).statusCode).toBe(400);
      expect((await confirmFrom("10.0.0.9")).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("a link made by an administrator", () => {
  it("answers the link once, sends no message, and the link works", async () => {
    const admin = await signedInFaculty(t.app, t.database.db, { role: "admin", institution: "Link College" });
    const person = await insertFaculty(t.database.db, { institution: "Link College" });
    const made = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${person.id}/password-reset`,
      headers: admin.headers,
    });
    expect(made.statusCode).toBe(201);
    const { url, expiresAt } = made.json();
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBe(30 * 60_000);
    expect((await confirm(tokenOf(url))).statusCode).toBe(204);
    await signIn(t.app, person.email, NEW_PASSWORD);
    expect(messagesTo(person.email)).toEqual([]);
  });

  it("is refused to an admin of another institution, and for an account not approved", async () => {
    const admin = await signedInFaculty(t.app, t.database.db, { role: "admin", institution: "Link College" });
    const elsewhere = await insertFaculty(t.database.db, { institution: "Other College" });
    const pending = await insertFaculty(t.database.db, { institution: "Link College", status: "pending" });
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${elsewhere.id}/password-reset`,
      headers: admin.headers,
    });
    expect(refused.statusCode).toBe(403);
    const notApproved = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${pending.id}/password-reset`,
      headers: admin.headers,
    });
    expect(notApproved.statusCode).toBe(400);
    expect(notApproved.json().message).toBe(PASSWORD_RESET_MESSAGES.notApproved);
  });
});

describe("account decision messages", () => {
  it("mails a new registration, its approval with a sign-in link, and a rejection", async () => {
    const admin = await signedInFaculty(t.app, t.database.db, { role: "admin", institution: "Decision U" });
    const register = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: buildFaculty({ email, institution: "Decision U" }),
      });
    expect((await register("to-approve@decision.test")).statusCode).toBe(201);
    expect((await register("to-reject@decision.test")).statusCode).toBe(201);
    const received = await mailTo("to-approve@decision.test", "We received your registration");
    expect(received.text).toContain("Decision U");
    await mailTo("to-reject@decision.test", "We received your registration");

    const byEmail = async (email: string) =>
      (await createFacultyAccounts(t.database.db).findByEmail(email))?.id ?? 0;
    const approve = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${await byEmail("to-approve@decision.test")}/approve`,
      headers: admin.headers,
    });
    expect(approve.statusCode).toBe(200);
    const approved = await mailTo("to-approve@decision.test", "Your account is approved");
    expect(approved.links).toContain(`${PUBLIC_URL}/`);
    const reject = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${await byEmail("to-reject@decision.test")}/reject`,
      headers: admin.headers,
    });
    expect(reject.statusCode).toBe(200);
    const rejected = await mailTo("to-reject@decision.test", "Your registration was not approved");
    expect(rejected.text).toContain("Decision U");

    // A second registration of a known address changes nothing and mails nothing more.
    expect((await register("to-approve@decision.test")).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(messagesTo("to-approve@decision.test").map((message) => message.subject)).toEqual([
      "We received your registration",
      "Your account is approved",
    ]);
  });
});

describe("the daily message about pending registrations", () => {
  const digestOf = (test: TestApp) =>
    createAdminUsersService({
      faculty: createFacultyAccounts(test.database.db),
      sessions: undefined as never,
      mail: createMailer({
        mail: createMailRepository(test.database.db),
        jobs: test.app.jobs,
        configured: true,
        now: test.clock.now,
        log: pino({ level: "silent" }),
      }),
      resetLinks: createPasswordResetLinks({
        db: test.database.db,
        config: testConfig(),
        now: test.clock.now,
      }),
      config: { publicUrl: PUBLIC_URL, host: "127.0.0.1", port: 5000 },
    }).sendPendingDigest();

  it("sends each administrator one message listing the registrations they can act on", async () => {
    const admin = await insertFaculty(t.database.db, { role: "admin", institution: "Digest Institute" });
    const idle = await insertFaculty(t.database.db, { role: "admin", institution: "Quiet Institute" });
    const first = await insertFaculty(t.database.db, { status: "pending", institution: "Digest Institute" });
    const second = await insertFaculty(t.database.db, { status: "pending", institution: "Digest Institute" });
    const other = await insertFaculty(t.database.db, { status: "pending", institution: "Far Institute" });
    await digestOf(t);
    const mail = await mailTo(admin.email, "2 registrations are waiting for your decision");
    for (const person of [first, second]) expect(mail.text).toContain(person.email);
    expect(mail.text).not.toContain(other.email);
    expect(mail.links).toContain(`${PUBLIC_URL}/admin/users`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(messagesTo(admin.email)).toHaveLength(1);
    expect(messagesTo(idle.email)).toEqual([]);
  });

  it("sends nothing when nothing is pending", async () => {
    const empty = await createTestApp();
    try {
      await insertFaculty(empty.database.db, { role: "super_admin" });
      await insertFaculty(empty.database.db, { role: "admin" });
      await digestOf(empty);
      const { total } = await createMailRepository(empty.database.db).page(10, 0);
      expect(total).toBe(0);
    } finally {
      await empty.close();
    }
  });
});
