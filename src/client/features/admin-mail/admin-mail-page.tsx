import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "#client/components/ui/alert.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { FilterSelect } from "#client/components/ui/native-select.tsx";
import { Pager } from "#client/components/ui/pager.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { MAIL_STATUSES, type MailMessage, type MailStatus } from "#shared/schemas/mail.ts";
import { MAIL_PAGE_SIZE, useMailMessages } from "./api/get-mail-messages.ts";
import { useMailServer } from "./api/get-mail-server.ts";
import { MAIL_STATUS_LABELS } from "./components/mail-labels.ts";
import { MailList } from "./components/mail-list.tsx";
import { MailMessageDialog } from "./components/mail-message-dialog.tsx";

const isStatus = (value: string): value is MailStatus => MAIL_STATUSES.some((status) => status === value);
const STATUS_OPTIONS = MAIL_STATUSES.map((status) => ({
  value: status,
  label: MAIL_STATUS_LABELS[status].label,
}));

/** Without a mail server nothing is sent: say so, and how to configure one. */
function MailServerNotice() {
  const server = useMailServer().data;
  if (!server) return null;
  if (server.configured)
    return (
      <p className="text-sm text-muted-foreground">
        Messages are sent through the configured mail server from{" "}
        <span className="font-medium">{server.from}</span>.
      </p>
    );
  return (
    <Alert>
      <div className="grid gap-1">
        <AlertTitle>No mail server is configured</AlertTitle>
        <AlertDescription className="grid gap-2">
          <p>
            Every message the product writes stays here and is not sent. Open a message to read it and pass
            its link on yourself.
          </p>
          <p>
            To send mail, set <code className="font-mono">SMTP_URL</code> (such as{" "}
            <code className="font-mono break-all">smtps://user:password@mail.example.edu:465</code>) and{" "}
            <code className="font-mono">MAIL_FROM</code> (such as{" "}
            <code className="font-mono">Pivot &amp; Launch &lt;pbl@example.edu&gt;</code>) in the server's
            environment, then restart it.
          </p>
        </AlertDescription>
      </div>
    </Alert>
  );
}

/** /admin/mail (super admin): every message the product wrote, sent or kept in the outbox. */
export function AdminMailPage() {
  const [status, setStatus] = useState<MailStatus | undefined>(undefined);
  const [page, setPage] = useState(0);
  const [opened, setOpened] = useState<MailMessage | null>(null);
  const messages = useMailMessages({ status, page });

  return (
    <div className="grid gap-6">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">Messages</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Every message the product writes, newest first, and whether it was sent.
        </p>
      </div>
      <MailServerNotice />
      <div className="max-w-xs">
        <FilterSelect
          id="mail-status"
          label="Status"
          value={status ?? "all"}
          allLabel="All statuses"
          options={STATUS_OPTIONS}
          onChange={(value) => {
            setStatus(isStatus(value) ? value : undefined);
            setPage(0);
          }}
        />
      </div>
      {messages.isError ? (
        <ErrorAlert
          error={messages.error}
          fallback="The messages could not be loaded. Please try again."
          icon
        />
      ) : messages.data ? (
        <MailList
          messages={messages.data.items}
          emptyText={
            status
              ? `No message is ${MAIL_STATUS_LABELS[status].label.toLowerCase()}.`
              : "No message has been written yet."
          }
          onOpen={setOpened}
        />
      ) : (
        <Skeleton className="h-40" />
      )}
      <Pager
        label="Message pages"
        page={page}
        pageSize={MAIL_PAGE_SIZE}
        total={messages.data?.total ?? 0}
        noun={["message", "messages"]}
        onPage={setPage}
        hideSinglePage
      />
      <MailMessageDialog message={opened} onClose={() => setOpened(null)} />
    </div>
  );
}
