import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import type { KnowledgeEntrySummary } from "#shared/schemas/knowledge-base.ts";

/** Asks before an entry, its file and its search index go; `onCloseAutoFocus` says where the focus returns. */
export function DeleteEntryDialog({
  entry,
  open,
  onOpenChange,
  onConfirm,
  onCloseAutoFocus,
}: {
  entry: KnowledgeEntrySummary | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {entry ? (
        <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle className="pr-8 break-words">Delete "{entry.title}"?</DialogTitle>
          <DialogDescription>Are you sure you want to delete this content?</DialogDescription>
          <p className="text-sm text-muted-foreground">
            The entry, its file and its search index are removed. This cannot be undone.
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={onConfirm}>
              Delete Content
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
