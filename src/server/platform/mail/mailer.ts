import type { FastifyBaseLogger } from "fastify";
import type { ReactElement } from "react";
import type { JobQueue } from "../jobs/jobs.ts";
import type { MailRepository } from "./mail.repository.ts";

/** What a message says: written by its module's template (a `*.mails.tsx` file, loaded on first use). */
export interface MailContent {
  subject: string;
  /** A React Email element: its HTML and its plain text are both rendered from it. */
  body: ReactElement;
  /** The links it holds, listed in the outbox (for an institution without mail). */
  links: string[];
}

export interface OutgoingMail {
  to: string;
  /** The account it is for, when there is one. */
  facultyId?: number | null;
  /** What it is ("password-reset", "registration-received"…), as the outbox lists it. */
  kind: string;
  /** The content, made when the message is written (templates load on first use). */
  content: () => Promise<MailContent>;
  /** One-click unsubscribe (RFC 8058): the List-Unsubscribe address. */
  unsubscribeUrl?: string;
}

export interface Mailer {
  /** Whether a mail server is configured (SMTP_URL, MAIL_FROM); without one every message stays in the outbox. */
  readonly configured: boolean;
  /**
   * Writes the message and, with a mail server, queues it for the send job. Never throws: a message
   * that cannot be written is logged, and the request that caused it goes on.
   */
  send(mail: OutgoingMail): Promise<void>;
}

export const MAIL_SEND_QUEUE = "mail.send";

/** Renders an element to HTML and to plain text (React Email, loaded on first use). */
export async function renderMail(body: ReactElement): Promise<{ html: string; text: string }> {
  const { render } = await import("@react-email/render");
  const [html, text] = await Promise.all([render(body), render(body, { plainText: true })]);
  return { html, text };
}

export function createMailer(deps: {
  mail: MailRepository;
  jobs: JobQueue;
  configured: boolean;
  now: () => Date;
  log: FastifyBaseLogger;
}): Mailer {
  const { mail, jobs, configured, now, log } = deps;
  return {
    configured,
    async send(outgoing) {
      try {
        const to = outgoing.to.trim().toLowerCase();
        const content = await outgoing.content();
        const { html, text } = await renderMail(content.body);
        const bounced = await mail.bounceOf(to);
        const status = bounced ? "suppressed" : configured ? "queued" : "outbox";
        const headers: Record<string, string> = outgoing.unsubscribeUrl
          ? {
              "List-Unsubscribe": `<${outgoing.unsubscribeUrl}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            }
          : {};
        const row = await mail.insert({
          kind: outgoing.kind,
          toAddress: to,
          facultyId: outgoing.facultyId ?? null,
          subject: content.subject,
          textBody: text,
          htmlBody: html,
          links: outgoing.unsubscribeUrl ? [...content.links, outgoing.unsubscribeUrl] : content.links,
          headers,
          status,
          createdAt: now(),
        });
        if (status === "queued") await jobs.send(MAIL_SEND_QUEUE, { messageId: row.id });
      } catch (error) {
        log.error({ err: error, kind: outgoing.kind }, "a message could not be written");
      }
    },
  };
}
