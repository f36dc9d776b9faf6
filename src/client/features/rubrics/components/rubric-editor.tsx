import { Download } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { getErrorMessage } from "#client/lib/api-client.ts";
import { useDeleteRubric } from "../api/delete-rubric.ts";
import { useDownloadRubric } from "../api/download-rubric.ts";
import { useSaveRubric } from "../api/save-rubric.ts";
import {
  type CellErrors,
  draftOf,
  inputOf,
  localCellErrors,
  type RubricDraft,
  serverCellErrors,
} from "../rubric-draft.ts";
import { RubricBuilder } from "./rubric-builder.tsx";

/** The cell of a message's field (`criteria.1.levels.2.points`): its input's id in the builder. */
function inputIdOf(field: string): string | undefined {
  if (field === "title") return "rubric-title";
  if (field === "description") return "rubric-description";
  const level = /^criteria\.(\d+)\.levels\.(\d+)\.(\w+)$/.exec(field);
  if (level) return `criterion-${level[1]}-level-${level[2]}-${level[3]}`;
  const criterion = /^criteria\.(\d+)\.(title|weight)$/.exec(field);
  if (criterion) return `criterion-${criterion[1]}-${criterion[2]}`;
  return undefined;
}

/** Moves the focus to the first cell with a message, so a keyboard user lands on it. */
function focusFirstError(errors: CellErrors) {
  for (const field of Object.keys(errors)) {
    const id = inputIdOf(field);
    const input = id ? document.getElementById(id) : null;
    if (input) {
      input.focus();
      return;
    }
  }
}

/** The builder with its actions: Save, Download CSV / Word (once saved), Delete (confirmed), Back. */
export function RubricEditor({ initial, onClose }: { initial: RubricDraft; onClose: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<CellErrors>({});
  const [confirming, setConfirming] = useState(false);
  const save = useSaveRubric();
  const remove = useDeleteRubric();
  const download = useDownloadRubric();
  // The list's button that opened the builder is gone: the keyboard continues in the title.
  useEffect(() => document.getElementById("rubric-title")?.focus(), []);

  const submit = () => {
    const found = localCellErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    save.mutate(
      { id: draft.id, rubric: inputOf(draft) },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved));
          toast({ title: "Rubric saved", description: `"${saved.title}" was saved.` });
        },
        onError: (error) => {
          const refused = serverCellErrors(error, "The rubric could not be saved.");
          setErrors(refused);
          focusFirstError(refused);
        },
      },
    );
  };

  const downloadAs = (format: "csv" | "docx") => {
    if (draft.id === undefined) return;
    download.mutate(
      { id: draft.id, format },
      {
        onError: (error) =>
          toast({
            title: "Download failed",
            description: getErrorMessage(error, "The rubric could not be downloaded."),
            variant: "destructive",
          }),
      },
    );
  };

  const messages = Object.keys(errors).length;
  return (
    <form
      noValidate
      className="grid gap-4"
      aria-labelledby="rubric-builder-heading"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="rubric-builder-heading" className="text-2xl font-bold tracking-tight">
          {draft.id === undefined ? "New rubric" : "Edit rubric"}
        </h2>
        <Button variant="outline" onClick={onClose}>
          Back to rubrics
        </Button>
      </div>
      <RubricBuilder draft={draft} errors={errors} onChange={setDraft} />
      <div role="status" className="text-sm text-destructive-soft-foreground">
        {errors.form ??
          (messages > 0
            ? `Please correct ${messages === 1 ? "the cell" : `the ${messages} cells`} marked above.`
            : "")}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
        {draft.id === undefined ? null : (
          <>
            <Button variant="outline" onClick={() => downloadAs("csv")} disabled={download.isPending}>
              <Download aria-hidden="true" /> Download CSV
            </Button>
            <Button variant="outline" onClick={() => downloadAs("docx")} disabled={download.isPending}>
              <Download aria-hidden="true" /> Download Word
            </Button>
            <Button variant="destructive" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this rubric?"
        description={`"${draft.title}" will be deleted. Milestones that use it keep no rubric.`}
        confirmLabel="Delete"
        onConfirm={() => {
          if (draft.id === undefined) return;
          remove.mutate(draft.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: "Rubric deleted" });
              onClose();
            },
            onError: (error) => {
              setConfirming(false);
              toast({
                title: "Delete failed",
                description: getErrorMessage(error, "The rubric could not be deleted."),
                variant: "destructive",
              });
            },
          });
        }}
      />
    </form>
  );
}
