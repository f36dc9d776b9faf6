import { Sparkles } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { useRubrics } from "#client/api/rubrics/get-rubrics.ts";
import { useCreateRubricFromDeliverables } from "#client/api/rubrics/rubric-from-deliverables.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
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

/** Adds a milestone, or edits one (its description kept; its rubric; closed or open). */
export function MilestoneDialog({
  projectId,
  milestone,
  onClose,
  focusDueDate = false,
}: {
  projectId: number;
  milestone: Milestone | null;
  onClose: () => void;
  /** Opened to move the due date (a pacing suggestion's link): the due date field takes the focus. */
  focusDueDate?: boolean;
}) {
  const [draft, setDraft] = useState(() => draftOf(milestone));
  const [closed, setClosed] = useState(milestone?.closedAt != null);
  const [teamSubmission, setTeamSubmission] = useState(milestone?.teamSubmission ?? false);
  const [rubricId, setRubricId] = useState<number | null>(milestone?.rubricId ?? null);
  const rubrics = useRubrics();
  const createRubric = useCreateRubricFromDeliverables();
  const save = useSaveMilestone(projectId);
  const deliverables = draftToInput(draft).deliverables;
  const createRubricFromDeliverables = () => {
    if (createRubric.isPending) return;
    createRubric.mutate(
      { title: `${draft.title.trim() || "Milestone"} rubric`, deliverables },
      { onSuccess: (rubric) => setRubricId(rubric.id) },
    );
  };
  const submit = () =>
    save.mutate(
      {
        ...(milestone ? { id: milestone.id } : {}),
        body: {
          ...draftToInput(draft),
          description: milestone?.description ?? "",
          rubricId,
          teamSubmission,
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
      <DialogContent
        className="max-h-[90dvh] overflow-y-auto"
        onOpenAutoFocus={(event) => {
          if (!focusDueDate) return;
          event.preventDefault();
          document.getElementById("milestone-due")?.focus();
        }}
      >
        <DialogTitle>{milestone ? "Edit Milestone" : "Add Milestone"}</DialogTitle>
        <DialogDescription>What is due, and when. Students see it on their project page.</DialogDescription>
        <SubmitForm onSubmit={submit} className="grid gap-4">
          <MilestoneFields idPrefix="milestone" draft={draft} onChange={setDraft} />
          <FormField id="milestone-rubric" label="Rubric">
            <NativeSelect
              id="milestone-rubric"
              value={rubricId === null ? "" : String(rubricId)}
              onChange={(event) => setRubricId(event.target.value ? Number(event.target.value) : null)}
              aria-describedby="milestone-rubric-hint"
            >
              <option value="">No rubric</option>
              {(rubrics.data ?? []).map((rubric) => (
                <option key={rubric.id} value={rubric.id}>
                  {rubric.title}
                </option>
              ))}
            </NativeSelect>
            <p id="milestone-rubric-hint" className="text-sm text-muted-foreground">
              The work handed in is scored with it. Build rubrics on the{" "}
              <Link href="/rubrics" className="underline">
                Rubrics
              </Link>{" "}
              screen, or create one from this milestone's deliverables.
            </p>
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={deliverables.length === 0}
                aria-busy={createRubric.isPending}
                onClick={createRubricFromDeliverables}
              >
                <Sparkles aria-hidden="true" /> Create a rubric from the deliverables
              </Button>
            </div>
            {createRubric.isSuccess && rubricId === createRubric.data.id ? (
              <p role="status" className="text-sm">
                "{createRubric.data.title}" created and chosen: one criterion per deliverable and one for the
                pivot concepts. Edit its levels on the Rubrics screen.
              </p>
            ) : null}
            {createRubric.isError ? (
              <ErrorAlert error={createRubric.error} fallback="The rubric could not be created." />
            ) : null}
          </FormField>
          <div className="grid gap-1">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={teamSubmission}
                onChange={(event) => setTeamSubmission(event.target.checked)}
                aria-describedby="milestone-team-hint"
              />
              Team submission: one per team, any member hands it in
            </label>
            <p id="milestone-team-hint" className="text-sm text-muted-foreground">
              Only once the project's teams are formed and published: a student in no team cannot hand in. It
              cannot change after work was handed in.
            </p>
          </div>
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
