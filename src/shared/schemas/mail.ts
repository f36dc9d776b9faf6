import { z } from "zod";
import { isoDateTime, pageQuery } from "./common.ts";

/**
 * Where a message stands (platform/mail): `outbox` no mail server is configured, `queued` waiting
 * for the send job, `sent`, `bounced` the server refused the address, `failed` out of retries,
 * `suppressed` not sent because the address bounced before.
 */
export const MAIL_STATUSES = ["outbox", "queued", "sent", "bounced", "failed", "suppressed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** GET /api/admin/mail: a page of messages, newest first, of one status or all. */
export const mailListQuerySchema = z.object({
  status: z
    .enum(MAIL_STATUSES, {
      error: "Status must be outbox, queued, sent, bounced, failed or suppressed",
    })
    .optional(),
  ...pageQuery,
});
export type MailListQuery = z.infer<typeof mailListQuerySchema>;

/** One message as the outbox lists it: its plain-text part and its links, never the HTML. */
export const mailMessageSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  links: z.array(z.string()),
  textBody: z.string(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/** GET /api/admin/mail/status: whether a mail server is configured and who sends (never the SMTP URL). */
export const mailStatusSchema = z.object({
  configured: z.boolean(),
  from: z.string().nullable(),
});
export type MailServerStatus = z.infer<typeof mailStatusSchema>;

/** GET /api/mail/address-status: the caller's own address and whether mail to it bounced. */
export const addressStatusSchema = z.object({
  address: z.string(),
  bounce: z.object({ reason: z.string(), bouncedAt: isoDateTime }).nullable(),
});
export type AddressStatus = z.infer<typeof addressStatusSchema>;
