import { Copy } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { formatDateTime } from "#client/lib/utils.ts";
import type { MailMessage } from "#shared/schemas/mail.ts";
import { MAIL_STATUS_LABELS } from "./mail-labels.ts";

const copy = (link: string) =>
  void navigator.clipboard
    ?.writeText(link)
    .then(() => toast({ title: "Copied", description: "The link is on the clipboard." }));

/** One message opened: who it is for, where it stands, its links (to pass on by hand) and its text. */
export function MailMessageDialog({
  message,
  onClose,
}: {
  message: MailMessage | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      {message ? (
        <DialogContent className="max-w-2xl">
          <DialogTitle className="pr-8 break-words">{message.subject}</DialogTitle>
          <DialogDescription asChild>
            <dl className="grid gap-1 sm:grid-cols-[7rem_1fr]">
              <dt className="font-medium">To</dt>
              <dd className="break-all">{message.to}</dd>
              <dt className="font-medium">Kind</dt>
              <dd>{message.kind}</dd>
              <dt className="font-medium">Status</dt>
              <dd>
                <Badge variant={MAIL_STATUS_LABELS[message.status].variant}>
                  {MAIL_STATUS_LABELS[message.status].label}
                </Badge>
                {message.attempts > 0
                  ? ` · ${message.attempts} attempt${message.attempts === 1 ? "" : "s"}`
                  : ""}
              </dd>
              <dt className="font-medium">Written</dt>
              <dd>{formatDateTime(message.createdAt)}</dd>
              {message.sentAt ? (
                <>
                  <dt className="font-medium">Sent</dt>
                  <dd>{formatDateTime(message.sentAt)}</dd>
                </>
              ) : null}
              {message.lastError ? (
                <>
                  <dt className="font-medium">Last error</dt>
                  <dd className="break-words">{message.lastError}</dd>
                </>
              ) : null}
            </dl>
          </DialogDescription>
          {message.links.length > 0 ? (
            <section aria-labelledby="mail-links-title" className="grid gap-2">
              <h3 id="mail-links-title" className="font-semibold">
                Links
              </h3>
              <ul className="grid gap-2">
                {message.links.map((link) => (
                  <li key={link} className="flex items-center gap-2">
                    <a
                      href={link}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="min-w-0 flex-1 font-mono text-xs break-all text-primary underline underline-offset-4"
                    >
                      {link}
                    </a>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Copy ${link}`}
                      onClick={() => copy(link)}
                    >
                      <Copy aria-hidden="true" />
                      Copy
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="mail-text-title" className="grid gap-2">
            <h3 id="mail-text-title" className="font-semibold">
              Message
            </h3>
            <pre className="max-h-80 overflow-auto rounded-md border bg-muted p-3 font-sans text-sm whitespace-pre-wrap break-words">
              {message.textBody}
            </pre>
          </section>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
