import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "#client/components/ui/card.tsx";
import { Dialog, DialogContent } from "#client/components/ui/dialog.tsx";

/**
 * A card of the student's pages for a step that asks first (leaving a project, deleting the
 * account): its heading, a line on what it does, the button that opens the dialog (`trigger`), and
 * the dialog's content (`children`).
 */
export function ConfirmStepCard({
  title,
  description,
  open,
  onOpenChange,
  trigger,
  children,
}: {
  title: string;
  description: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={onOpenChange}>
          {trigger}
          <DialogContent>{children}</DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
