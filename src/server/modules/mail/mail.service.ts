import type { Page } from "#shared/schemas/common.ts";
import type { AddressStatus, MailListQuery, MailMessage, MailServerStatus } from "#shared/schemas/mail.ts";
import type { Caller } from "../../lib/access.ts";
import type { MailRepository } from "../../platform/mail/mail.repository.ts";
import type { MailMessageRow } from "../../platform/mail/mail.table.ts";

/** A message as the outbox shows it: the plain-text part and the links, never the HTML or headers. */
const presentMessage = (row: MailMessageRow): MailMessage => ({
  id: row.id,
  kind: row.kind,
  to: row.toAddress,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  links: row.links,
  textBody: row.textBody,
});

/** The mailer keys addresses trimmed and in lower case (platform/mail/mailer.ts). */
const addressOf = (caller: Caller) => caller.email.trim().toLowerCase();

/**
 * Administration → Mail (the super admin reads the outbox) and each person's own address: whether
 * mail to it bounced, and clearing that mark to have mail sent to it again.
 */
export function createMailService(deps: { mail: MailRepository; server: { from: string } | undefined }) {
  const { mail, server } = deps;
  return {
    async page(query: MailListQuery): Promise<Page<MailMessage>> {
      const { rows, total } = await mail.page(query.limit, query.offset, query.status);
      return { items: rows.map(presentMessage), total };
    },

    /** Whether messages are sent; the SMTP URL (it may hold a password) never leaves the server. */
    serverStatus(): MailServerStatus {
      return { configured: server !== undefined, from: server?.from ?? null };
    },

    async addressStatus(caller: Caller): Promise<AddressStatus> {
      const address = addressOf(caller);
      const bounce = await mail.bounceOf(address);
      return {
        address,
        bounce: bounce ? { reason: bounce.reason, bouncedAt: bounce.bouncedAt.toISOString() } : null,
      };
    },

    /** "Try again": the next message to the address is sent (and marks it again if it bounces). */
    async clearBounce(caller: Caller): Promise<void> {
      await mail.clearBounce(addressOf(caller));
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
