import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { JobQueue } from "../jobs/jobs.ts";
import type { MailRepository } from "./mail.repository.ts";
import { MAIL_SEND_QUEUE } from "./mailer.ts";

/** Attempts after the first, each after twice the delay of the one before. */
export const MAIL_RETRY_LIMIT = 5;

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

/** The server refused the recipient for good: a 5xx to RCPT TO (nodemailer's EENVELOPE). */
const isBounce = (error: SmtpError) =>
  error.code === "EENVELOPE" && (error.responseCode ?? 0) >= 500 && (error.responseCode ?? 0) < 600;
/** Any other 5xx: retrying would be refused again (the message, the credentials). */
const isPermanent = (error: SmtpError) => (error.responseCode ?? 0) >= 500 && (error.responseCode ?? 0) < 600;

/**
 * The send job: one message per job through nodemailer. A bounce marks the address and is not
 * retried; a permanent refusal ends the message as failed; anything else (the server down, a 4xx)
 * is retried with back-off, and the last failure ends it as failed.
 */
export function registerMailSender(deps: {
  jobs: JobQueue;
  mail: MailRepository;
  smtp: { smtpUrl: string; from: string };
  /** Seconds before the first retry, doubled on each further one. */
  retryDelaySeconds: number;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { jobs, mail, smtp, retryDelaySeconds, now, log } = deps;
  let transport: Promise<Transporter> | undefined;
  const transporter = () => {
    transport ??= import("nodemailer").then((nodemailer) =>
      nodemailer.createTransport(smtp.smtpUrl, { from: smtp.from }),
    );
    return transport;
  };

  jobs.work<{ messageId: number }>(
    MAIL_SEND_QUEUE,
    async ({ messageId }, job) => {
      const message = await mail.find(messageId);
      if (message?.status !== "queued") return;
      await mail.countAttempt(messageId);
      try {
        await (await transporter()).sendMail({
          from: smtp.from,
          to: message.toAddress,
          subject: message.subject,
          text: message.textBody,
          html: message.htmlBody,
          headers: message.headers,
        });
        await mail.update(messageId, { status: "sent", sentAt: now(), lastError: null });
      } catch (caught) {
        const error = caught as SmtpError;
        const reason = (error.response ?? error.message).slice(0, 500);
        if (isBounce(error)) {
          await mail.markBounced(message.toAddress, reason, now());
          await mail.update(messageId, { status: "bounced", lastError: reason });
          log.warn({ messageId, reason }, "a message bounced; its address is marked");
          return;
        }
        const last = isPermanent(error) || job.retryCount >= MAIL_RETRY_LIMIT;
        await mail.update(messageId, { status: last ? "failed" : "queued", lastError: reason });
        if (last) {
          log.error({ messageId, reason }, "a message could not be sent");
          return;
        }
        throw error;
      }
    },
    { retryLimit: MAIL_RETRY_LIMIT, retryDelaySeconds, retryBackoff: true },
  );
}
