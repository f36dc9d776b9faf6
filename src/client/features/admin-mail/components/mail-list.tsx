import { Inbox } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Card } from "#client/components/ui/card.tsx";
import { EmptyState } from "#client/components/ui/empty-state.tsx";
import { formatDateTime } from "#client/lib/utils.ts";
import type { MailMessage } from "#shared/schemas/mail.ts";
import { MAIL_STATUS_LABELS } from "./mail-labels.ts";

/** The messages of a page, newest first; each opens to its text and links. */
export function MailList({
  messages,
  emptyText,
  onOpen,
}: {
  messages: MailMessage[];
  emptyText: string;
  onOpen: (message: MailMessage) => void;
}) {
  if (messages.length === 0) return <EmptyState icon={Inbox} title="No messages" text={emptyText} />;
  return (
    <Card className="p-0">
      <ul aria-label="Messages" className="divide-y">
        {messages.map((message) => {
          const status = MAIL_STATUS_LABELS[message.status];
          return (
            <li key={message.id}>
              <button
                type="button"
                onClick={() => onOpen(message)}
                className="grid w-full cursor-pointer gap-1 px-4 py-3 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring sm:grid-cols-[1fr_auto] sm:gap-x-4"
              >
                <span className="min-w-0 font-medium break-words">{message.subject}</span>
                <span className="sm:justify-self-end">
                  <Badge variant={status.variant}>{status.label}</Badge>
                </span>
                <span className="min-w-0 text-sm break-all text-muted-foreground">
                  To {message.to} · {message.kind}
                </span>
                <span className="text-sm text-muted-foreground sm:justify-self-end">
                  <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
