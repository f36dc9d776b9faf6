import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { Label } from "#client/components/ui/label.tsx";
import type { TemplateActions } from "./use-template-actions.ts";

/** Rejection with an optional reason that the author sees on the card. */
export function RejectTemplateDialog({ actions }: { actions: TemplateActions }) {
  const [reason, setReason] = useState("");
  const template = actions.rejecting;
  return (
    <Dialog
      open={template !== null}
      onOpenChange={(open) => {
        if (!open) {
          actions.cancelReject();
          setReason("");
        }
      }}
    >
      {template ? (
        <DialogContent>
          <DialogTitle>Reject "{template.name}"?</DialogTitle>
          <DialogDescription>The author sees the template as rejected, with your reason.</DialogDescription>
          <div className="grid gap-2">
            <Label htmlFor="reject-reason">Reason (optional)</Label>
            <textarea
              id="reject-reason"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className="rounded-md border border-input bg-card px-3 py-2 text-sm"
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={actions.cancelReject}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={actions.busy}
              onClick={() => actions.confirmReject(reason)}
            >
              Reject Template
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
