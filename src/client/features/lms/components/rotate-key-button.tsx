import { RotateCw } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription } from "#client/components/ui/alert.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useRotateLtiKey } from "../api/rotate-lti-key.ts";

/**
 * Replaces the tool's signing key, after a confirmation; then says which key signs from now on
 * (an alert of role status, read out politely).
 */
export function RotateKeyButton() {
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateLtiKey();

  return (
    <div className="grid gap-3">
      <div>
        <Button variant="outline" onClick={() => setConfirming(true)} disabled={rotate.isPending}>
          <RotateCw aria-hidden="true" />
          Rotate signing key
        </Button>
      </div>
      {rotate.data ? (
        <Alert>
          <AlertDescription>
            The tool now signs with key <code className="font-mono break-all">{rotate.data}</code>. The old
            key stays published for 7 days.
          </AlertDescription>
        </Alert>
      ) : null}
      {rotate.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            {getErrorMessage(rotate.error, "The signing key could not be rotated. Please try again.")}
          </AlertDescription>
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Rotate the signing key?"
        description="The tool signs with a new key from now on. The old key stays published at the JWKS URL for 7 days, so LMSs that cached it keep working; nothing needs to change on their side."
        confirmLabel="Rotate signing key"
        confirmVariant="default"
        onConfirm={() => {
          setConfirming(false);
          rotate.mutate();
        }}
      />
    </div>
  );
}
