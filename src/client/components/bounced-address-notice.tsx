import { MailWarning } from "lucide-react";
import { useAddressStatus, useClearBounce } from "#client/api/mail/address-status.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { formatDate } from "#client/lib/utils.ts";
import { Alert, AlertDescription, AlertTitle } from "./ui/alert.tsx";
import { Button } from "./ui/button.tsx";

/**
 * Tells the person that mail to their address bounced and that nothing more is sent to it; Try
 * again clears the mark (the next message is sent, and marks it again if it bounces). Nothing when
 * mail to the address gets through.
 */
export function BouncedAddressNotice({ address }: { address: string }) {
  const bounce = useAddressStatus(address).data?.bounce;
  const retry = useClearBounce();
  if (!bounce) return null;
  return (
    <Alert role="status" className="border-amber-300 bg-warning-soft text-warning-soft-foreground">
      <MailWarning aria-hidden="true" />
      <div className="grid min-w-0 gap-2">
        <AlertTitle>Mail could not be delivered</AlertTitle>
        <AlertDescription className="break-words">
          Mail to {address} could not be delivered ({bounce.reason}, on {formatDate(bounce.bouncedAt)}).
          Nothing more is sent to it.
        </AlertDescription>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={retry.isPending}
          onClick={() => retry.mutate()}
        >
          {retry.isPending ? "Trying again..." : "Try again"}
        </Button>
        {retry.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(retry.error, "The mark could not be cleared. Please try again.")}
          </p>
        ) : null}
      </div>
    </Alert>
  );
}
