import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./dialog.tsx";

/**
 * Asks before an action that cannot be undone (deleting, replacing a link): a title, what happens,
 * Cancel and the action's own button. `title` null shows nothing inside the dialog (its subject is
 * gone); `onCloseAutoFocus` says where the focus returns when the screen decides it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  titleClassName,
  description,
  details,
  confirmLabel,
  confirmVariant = "destructive",
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode | null;
  titleClassName?: string;
  description: ReactNode;
  /** More text below the description. */
  details?: ReactNode;
  confirmLabel: ReactNode;
  confirmVariant?: "destructive" | "default";
  onConfirm: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {title === null ? null : (
        <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle className={titleClassName}>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
          {details}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button variant={confirmVariant} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
