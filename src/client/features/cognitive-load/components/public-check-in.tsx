import { useMutation } from "@tanstack/react-query";
import { SendOutcome } from "#client/components/ui/send-outcome.tsx";
import { apiRequest } from "#client/lib/api-client.ts";
import type { CheckInInput } from "#shared/schemas/cognitive-load.ts";
import { CheckInForm } from "./check-in-form.tsx";

/** POST /api/public/cognitive-load/:token: a student's check-in, no account needed. */
const sendCheckIn = ({ token, input }: { token: string; input: CheckInInput }) =>
  apiRequest<{ id: number; message: string }>(
    "POST",
    `/api/public/cognitive-load/${encodeURIComponent(token)}`,
    {
      body: input,
    },
  );

/** The contribution page's second tab: loaded only when a student opens it. */
export function PublicCheckIn({ token }: { token: string }) {
  const send = useMutation({ mutationFn: sendCheckIn });
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        About one minute, anonymous: your instructor sees only averages of at least three answers, never yours
        alone.
      </p>
      <SendOutcome
        send={send}
        success={send.data?.message}
        failure="Your check-in could not be sent. Please try again."
      />
      <CheckInForm
        idPrefix="check-in"
        submitLabel="Send Check-in"
        pending={send.isPending}
        onSubmit={async (input) => {
          try {
            await send.mutateAsync({ token, input });
            return true;
          } catch {
            return false;
          }
        }}
      />
    </div>
  );
}
