import { Link, Text } from "@react-email/components";
import pino from "pino";
import { createElement } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type SmtpTestServer, startSmtpServer } from "../../test/smtp-server.ts";
import { createTestDatabase, type TestDatabase } from "../../test/test-database.ts";
import { waitFor } from "../../test/wait-for.ts";
import { createJobQueue } from "../jobs/jobs.ts";
import { createMailRepository } from "./mail.repository.ts";
import { MailLayout } from "./mail-layout.tsx";
import { registerMailSender } from "./mail-sender.ts";
import { createMailer, type OutgoingMail } from "./mailer.ts";

const log = pino({ level: "silent" });
const FROM = "Pivot & Launch <pbl@uni.test>";

let database: TestDatabase;
let smtp: SmtpTestServer;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await smtp?.close();
  await database?.close();
});

/** A mailer on the test database; with `smtp`, its send job runs against that server. */
function mailerWith(options: { smtp?: SmtpTestServer } = {}) {
  const mail = createMailRepository(database.db);
  const jobs = createJobQueue({ database, concurrency: 1, pollingIntervalSeconds: 0.5, stopGraceMs: 100 });
  cleanups.push(() => jobs.stop());
  if (options.smtp) {
    const config = { smtpUrl: options.smtp.url, from: FROM };
    registerMailSender({ jobs, mail, smtp: config, retryDelaySeconds: 1, now: () => new Date(), log });
  }
  const mailer = createMailer({ mail, jobs, configured: Boolean(options.smtp), now: () => new Date(), log });
  return { mailer, mail, jobs };
}

let sequence = 0;
function message(overrides: Partial<OutgoingMail> = {}): OutgoingMail & { to: string } {
  sequence += 1;
  const link = `https://pbl.uni.test/reset-password?token=t${sequence}`;
  return {
    to: `person${sequence}@uni.test`,
    kind: "test-message",
    content: async () => ({
      subject: `A test message ${sequence}`,
      links: [link],
      body: createElement(
        MailLayout,
        { preview: "A test", institution: "Test University", footer: "You get this because it is a test." },
        createElement(Text, null, "Open the link to go on."),
        createElement(Link, { href: link }, "Go on"),
      ),
    }),
    ...overrides,
  };
}

const statusOf = async (mail: ReturnType<typeof createMailRepository>, to: string) => {
  const { rows } = await mail.page(100, 0);
  return rows.find((row) => row.toAddress === to);
};

describe("mail without a mail server", () => {
  it("keeps each message in the outbox with both parts and its links", async () => {
    const { mailer, mail } = mailerWith();
    const sent = message();
    await mailer.send(sent);
    const row = await statusOf(mail, sent.to);
    expect(row).toMatchObject({
      status: "outbox",
      kind: "test-message",
      subject: `A test message ${sequence}`,
    });
    expect(row?.textBody).toContain("Open the link to go on.");
    expect(row?.textBody).toContain("Test University");
    expect(row?.htmlBody).toContain("Pivot &amp; Launch");
    expect(row?.links).toEqual([`https://pbl.uni.test/reset-password?token=t${sequence}`]);
  });

  it("never fails the caller: a message that cannot be written is logged", async () => {
    const { mailer, mail } = mailerWith();
    const broken = message({ content: () => Promise.reject(new Error("template broke")) });
    await expect(mailer.send(broken)).resolves.toBeUndefined();
    expect(await statusOf(mail, broken.to)).toBeUndefined();
  });
});

describe("mail through a mail server", () => {
  it("sends the plain-text and HTML parts and the unsubscribe headers", async () => {
    const { mailer, mail, jobs } = mailerWith({ smtp });
    await jobs.start();
    const sent = message({ unsubscribeUrl: "https://pbl.uni.test/api/unsubscribe/abc" });
    const before = smtp.messages.length;
    await mailer.send(sent);
    await waitFor(async () => (await statusOf(mail, sent.to))?.status === "sent");
    const received = (await smtp.waitFor(before + 1)).find((captured) => captured.to.includes(sent.to));
    expect(received?.subject).toBe(`A test message ${sequence}`);
    expect(received?.from).toBe("pbl@uni.test");
    expect(received?.text).toContain("Open the link to go on.");
    expect(received?.html).toContain("Go on");
    expect(received?.headers.get("list-unsubscribe")).toBe("<https://pbl.uni.test/api/unsubscribe/abc>");
    expect(received?.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  });

  it("retries while the server is down and sends once it is back", async () => {
    const down = await startSmtpServer();
    const { mailer, mail, jobs } = mailerWith({ smtp: down });
    await down.stop();
    await jobs.start();
    const sent = message();
    await mailer.send(sent);
    const failing = await waitFor(async () => {
      const row = await statusOf(mail, sent.to);
      return row && row.attempts >= 1 && row.lastError ? row : undefined;
    });
    expect(failing.status).toBe("queued");
    await down.start();
    const delivered = await waitFor(async () => {
      const row = await statusOf(mail, sent.to);
      return row?.status === "sent" ? row : undefined;
    }, 40_000);
    expect(delivered.attempts).toBeGreaterThanOrEqual(2);
    expect(down.messages.map((captured) => captured.subject)).toContain(`A test message ${sequence}`);
    await down.close();
  });

  it("marks an address the server refuses for good, and sends nothing more to it", async () => {
    const { mailer, mail, jobs } = mailerWith({ smtp });
    await jobs.start();
    const first = message();
    smtp.refuse(first.to);
    await mailer.send(first);
    const bounced = await waitFor(async () => {
      const row = await statusOf(mail, first.to);
      return row?.status === "bounced" ? row : undefined;
    });
    expect(bounced.attempts).toBe(1);
    expect(await mail.bounceOf(first.to)).toMatchObject({ reason: expect.stringContaining("550") });

    await mailer.send(message({ to: first.to }));
    const { rows } = await mail.page(100, 0);
    expect(rows.filter((row) => row.toAddress === first.to).map((row) => row.status)).toEqual([
      "suppressed",
      "bounced",
    ]);
  });
});
