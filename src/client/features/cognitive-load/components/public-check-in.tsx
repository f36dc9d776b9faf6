import { SendOutcome } from "#client/components/ui/send-outcome.tsx";
import { useSendPublicCheckIn } from "../api/cognitive-load-api.ts";
import { CheckInForm } from "./check-in-form.tsx";

/** The contribution page's second tab: loaded only when a student opens it. */
export function PublicCheckIn({ token }: { token: string }) {
  const send = useSendPublicCheckIn();
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
