import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { MAIL_STATUSES } from "#shared/schemas/mail.ts";
import { facultyTable } from "../../modules/faculty/faculty.table.ts";

/**
 * Every message the product writes, kept whether or not it can be sent: the outbox the super admin
 * reads (Administration → Mail) and the queue of the send job.
 * - `outbox`: no mail server is configured; it stays here to be read.
 * - `queued`: waiting for the send job (retried with back-off).
 * - `sent`, `bounced` (the server refused the address, 5xx), `failed` (out of retries),
 *   `suppressed` (not sent: the address bounced before).
 */
export const mailMessageTable = pgTable(
  "mail_message",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    facultyId: integer("faculty_id").references(() => facultyTable.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** The links the message holds, as the outbox lists them. */
    links: jsonb("links").$type<string[]>().notNull(),
    /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull(),
    status: text("status", { enum: MAIL_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("mail_message_created_idx").on(table.createdAt.desc(), table.id.desc()),
    index("mail_message_faculty_idx").on(table.facultyId),
  ],
);

/** An address the mail server refused for good (SMTP 5xx): nothing more is sent to it until its owner asks. */
export const mailBounceTable = pgTable("mail_bounce", {
  address: text("address").primaryKey(),
  reason: text("reason").notNull(),
  bouncedAt: timestamp("bounced_at", { withTimezone: true }).notNull(),
});

export type MailMessageRow = typeof mailMessageTable.$inferSelect;
