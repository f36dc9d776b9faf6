import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { SubmitForm } from "#client/components/ui/form-field.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { useSaveMilestones, useSuggestMilestones } from "../api/milestones.ts";
import { draftToInput, type MilestoneDraft, MilestoneFields, toLocalInput } from "./milestone-fields.tsx";

interface SuggestionDraft extends MilestoneDraft {
  key: number;
  description: string;
}

/** The methodology's suggested milestones in an editable list: change, drop, then save them all. */
export function MilestoneSuggestionsDialog({
  projectId,
  onClose,
}: {
  projectId: number;
  onClose: () => void;
}) {
  const suggest = useSuggestMilestones(projectId);
  const save = useSaveMilestones(projectId);
  const [drafts, setDrafts] = useState<SuggestionDraft[] | null>(null);
  const { mutate } = suggest;

  useEffect(() => {
    mutate(undefined, {
      onSuccess: ({ milestones }) =>
        setDrafts(
          milestones.map((milestone, key) => ({
            key,
            title: milestone.title,
            stage: milestone.stage,
            dueLocal: toLocalInput(milestone.dueAt),
            deliverables: milestone.deliverables.join("\n"),
            description: milestone.description,
          })),
        ),
    });
  }, [mutate]);

  const submit = () => {
    if (!drafts) return;
    save.mutate(
      drafts.map((draft) => ({ ...draftToInput(draft), description: draft.description })),
      {
        onSuccess: () => {
          toast({ title: "Milestones Saved", description: `${drafts.length} milestones were added.` });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>Suggested Milestones</DialogTitle>
        <DialogDescription>
          From the project's methodology: a pivot checkpoint, launch phases and a final presentation. Change
          them as you like, then save them all.
        </DialogDescription>
        {suggest.isPending && <Spinner label="Suggesting milestones" />}
        {suggest.isError && <ErrorAlert error={suggest.error} fallback="No suggestion could be made." />}
        {drafts && (
          <SubmitForm onSubmit={submit} className="grid gap-4">
            <ol className="grid gap-4">
              {drafts.map((draft, index) => (
                <li key={draft.key} className="grid gap-2 rounded-md border p-3">
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="font-semibold">Milestone {index + 1}</h3>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={`Leave out milestone ${index + 1}`}
                      onClick={() => setDrafts(drafts.filter((other) => other.key !== draft.key))}
                    >
                      <X aria-hidden="true" /> Leave Out
                    </Button>
                  </div>
                  <MilestoneFields
                    idPrefix={`suggestion-${draft.key}`}
                    draft={draft}
                    onChange={(changed) =>
                      setDrafts(
                        drafts.map((other) => (other.key === draft.key ? { ...draft, ...changed } : other)),
                      )
                    }
                  />
                </li>
              ))}
            </ol>
            {save.isError && <ErrorAlert error={save.error} fallback="The milestones could not be saved." />}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending || drafts.length === 0}>
                Save All Milestones
              </Button>
            </div>
          </SubmitForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
