import { Pencil } from "lucide-react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useKnowledgeEntry } from "../api/knowledge-base-api.ts";
import { fileTypeLabel } from "../knowledge-rules.ts";

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });

/** An entry in full (GET /api/knowledge-base/:id), opened from its card or from a cited source. */
export function EntryViewDialog({
  entryId,
  ownerId,
  onOpenChange,
  onEdit,
}: {
  entryId: number | null;
  ownerId: number | undefined;
  onOpenChange: (open: boolean) => void;
  onEdit: (id: number) => void;
}) {
  const entry = useKnowledgeEntry(entryId);
  const data = entry.data && entry.data.id === entryId ? entry.data : undefined;
  return (
    <Dialog open={entryId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle className="pr-8 break-words">{data?.title ?? "Knowledge base entry"}</DialogTitle>
        <DialogDescription>
          {data
            ? `${fileTypeLabel(data.fileType)} · added ${dateFormat.format(new Date(data.createdAt))} · ${
                data.isPrivate
                  ? "Private"
                  : data.facultyId === ownerId
                    ? "Shared with institution"
                    : `Shared by ${data.ownerName}`
              }`
            : "Loading the entry..."}
        </DialogDescription>
        {entry.isError ? (
          <ErrorAlert error={entry.error} fallback="Failed to load this content." />
        ) : !data ? (
          <Spinner label="Loading the entry..." />
        ) : (
          <>
            {data.tags.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
                {data.tags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="outline">{tag}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
            {data.statusReason ? (
              <p className="text-sm text-destructive-soft-foreground">{data.statusReason}</p>
            ) : null}
            <div className="kb-entry-text rounded-md border p-3 text-sm">{data.content}</div>
            {data.facultyId === ownerId ? (
              <div className="flex justify-end">
                <Button variant="outline" onClick={() => onEdit(data.id)}>
                  <Pencil aria-hidden="true" /> Edit
                </Button>
              </div>
            ) : null}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
