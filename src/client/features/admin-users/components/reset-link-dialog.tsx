import { Copy, KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "#client/components/ui/dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { PASSWORD_RESET_MINUTES } from "#shared/account.ts";
import type { Faculty } from "#shared/schemas/auth.ts";
import { useMakeResetLink } from "../api/make-reset-link.ts";

/**
 * "Make a reset link": for a person whose mail does not arrive. The link is shown once (the server
 * keeps only its hash); closing the dialog forgets it.
 */
export function ResetLinkDialog({ user }: { user: Faculty }) {
  const [open, setOpen] = useState(false);
  const make = useMakeResetLink();
  const fieldId = `reset-link-${user.id}`;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) make.mutate(user.id);
        else make.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Make a reset link for ${user.name}`}>
          <KeyRound aria-hidden="true" />
          Make a reset link
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>A reset link for {user.name}</DialogTitle>
        <DialogDescription>
          Give this link to {user.name} yourself. It works once, for {PASSWORD_RESET_MINUTES} minutes, and is
          shown only now.
        </DialogDescription>
        {make.isError ? (
          <ErrorAlert error={make.error} fallback="The link could not be made. Please try again." />
        ) : null}
        {make.isPending ? <p className="text-sm text-muted-foreground">Making the link…</p> : null}
        {make.data ? (
          <div className="grid gap-1.5">
            <Label htmlFor={fieldId}>Reset link</Label>
            <div className="flex gap-2">
              <Input
                id={fieldId}
                readOnly
                value={make.data.url}
                onFocus={(event) => event.target.select()}
                className="font-mono text-xs"
              />
              <Button
                variant="outline"
                onClick={() => {
                  const url = make.data?.url ?? "";
                  void navigator.clipboard
                    ?.writeText(url)
                    .then(() =>
                      toast({ title: "Copied", description: "The reset link is on the clipboard." }),
                    );
                }}
              >
                <Copy aria-hidden="true" />
                Copy
              </Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
