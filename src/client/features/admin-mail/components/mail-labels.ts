import type { MailStatus } from "#shared/schemas/mail.ts";

/** Each status as the outbox shows it, with its badge colour. */
export const MAIL_STATUS_LABELS: Record<
  MailStatus,
  { label: string; variant: "secondary" | "default" | "success" | "warning" | "destructive" }
> = {
  outbox: { label: "In outbox", variant: "secondary" },
  queued: { label: "Queued", variant: "default" },
  sent: { label: "Sent", variant: "success" },
  bounced: { label: "Bounced", variant: "destructive" },
  failed: { label: "Failed", variant: "destructive" },
  suppressed: { label: "Not sent (address bounced)", variant: "warning" },
};
