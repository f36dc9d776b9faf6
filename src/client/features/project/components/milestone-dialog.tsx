import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { SubmitForm } from "#client/components/ui/form-field.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import type { Milestone } from "#shared/schemas/milestones.ts";
import { useSaveMilestone } from "../api/milestones.ts";
import { draftToInput, type MilestoneDraft, MilestoneFields, toLocalInput } from "./milestone-fields.tsx";

const draftOf = (milestone: Milestone | null): MilestoneDraft =>
  milestone
    ? {
        title: milestone.title,
        stage: milestone.stage,
        dueLocal: toLocalInput(milestone.dueAt),
        deliverables: milestone.deliverables.join("\n"),
      }
    : { title: "", stage: "pivot", dueLocal: "", deliverables: "" };

/** Adds a milestone, or edits one (its description and rubric kept; closed or open). */
export function MilestoneDialog({
  projectId,
  milestone,
  onClose,
}: {
  projectId: number;
  milestone: Milestone | null;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(milestone));
  const [closed, setClosed] = useState(milestone?.closedAt != null);
  const save = useSaveMilestone(projectId);
  const submit = () =>
    save.mutate(
      {
        ...(milestone ? { id: milestone.id } : {}),
        body: {
          ...draftToInput(draft),
          description: milestone?.description ?? "",
          rubricId: milestone?.rubricId ?? null,
          ...(milestone ? { closed } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          toast({
            title: milestone ? "Milestone Saved" : "Milestone Added",
            description: `"${saved.title}"`,
          });
          onClose();
        },
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>{milestone ? "Edit Milestone" : "Add Milestone"}</DialogTitle>
        <DialogDescription>What is due, and when. Students see it on their project page.</DialogDescription>
        <SubmitForm onSubmit={submit} className="grid gap-4">
          <MilestoneFields idPrefix="milestone" draft={draft} onChange={setDraft} />
          {milestone && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={closed} onChange={(event) => setClosed(event.target.checked)} />
              Closed to submissions
            </label>
          )}
          {save.isError && <ErrorAlert error={save.error} fallback="The milestone could not be saved." />}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {milestone ? "Save Milestone" : "Add Milestone"}
            </Button>
          </div>
        </SubmitForm>
      </DialogContent>
    </Dialog>
  );
}
