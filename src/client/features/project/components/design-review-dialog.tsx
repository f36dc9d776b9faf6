import { useId, useState } from "react";
import { Link } from "wouter";
import { useRubrics } from "#client/api/rubrics/get-rubrics.ts";
import { CriterionLevelsFieldset } from "#client/components/rubrics/criterion-levels-fieldset.tsx";
import { formatScore } from "#client/components/rubrics/format-score.ts";
import { OverallCommentField } from "#client/components/rubrics/overall-comment-field.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#client/components/ui/dialog.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { FormField, SubmitForm } from "#client/components/ui/form-field.tsx";
import { NativeSelect } from "#client/components/ui/native-select.tsx";
import { toast } from "#client/components/ui/use-toast.ts";
import { goldStandardRubric, scoringSummary } from "#shared/domain/rubrics.ts";
import type { DesignReviewInput, DesignReviewResponse } from "#shared/schemas/design-review.ts";
import { useSaveDesignReview } from "../api/design-review.ts";

/** "current": the rubric of the review (or the Gold Standard to start); "gold"; or a saved rubric's id. */
type RubricChoice = "current" | "gold" | number;

interface ElementChoice {
  level: number | null;
  comment: string;
}

const GOLD_STANDARD = goldStandardRubric();

/**
 * Reviewing one's own project design: a level and a comment per design element (a radio group
 * each, the descriptors visible), an overall comment, the running score; the Gold Standard or a
 * rubric of one's own. Elements may stay unscored.
 */
export function DesignReviewDialog({
  projectId,
  current,
  onClose,
}: {
  projectId: number;
  current: DesignReviewResponse;
  onClose: () => void;
}) {
  const baseId = useId();
  const rubrics = useRubrics();
  const save = useSaveDesignReview(projectId);
  const [rubricChoice, setRubricChoice] = useState<RubricChoice>("current");
  const [choices, setChoices] = useState<Record<string, ElementChoice>>(() =>
    Object.fromEntries(
      (current.review?.scores ?? []).map((score) => [
        score.criterionId,
        { level: score.level, comment: score.comment },
      ]),
    ),
  );
  const [overallComment, setOverallComment] = useState(current.review?.overallComment ?? "");

  const isGold = current.rubric.id === null && current.rubric.title === GOLD_STANDARD.title;
  const saved = rubrics.data ?? [];
  const criteria =
    rubricChoice === "current"
      ? current.rubric.criteria
      : rubricChoice === "gold"
        ? GOLD_STANDARD.criteria
        : (saved.find((rubric) => rubric.id === rubricChoice)?.criteria ?? []);
  const scores = criteria.flatMap((criterion) => {
    const choice = choices[criterion.id];
    return choice && choice.level !== null
      ? [{ criterionId: criterion.id, level: choice.level, comment: choice.comment }]
      : [];
  });
  const summary = scoringSummary(criteria, scores);
  const change = (criterionId: string, next: Partial<ElementChoice>) =>
    setChoices((all) => ({
      ...all,
      [criterionId]: { level: null, comment: "", ...all[criterionId], ...next },
    }));

  const submit = () => {
    const body: DesignReviewInput = { scores, overallComment };
    if (rubricChoice === "gold") body.rubricId = null;
    else if (rubricChoice !== "current") body.rubricId = rubricChoice;
    save.mutate(body, {
      onSuccess: (answer) => {
        toast({
          title: "Design Review Saved",
          description: answer.review
            ? `Score ${formatScore(answer.review.score)} / 100.`
            : "Your review is saved.",
        });
        onClose();
      },
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>Review the project design</DialogTitle>
        <DialogDescription>
          Choose the level your design reaches on each element. You may leave an element unscored and come
          back to it.
        </DialogDescription>
        <SubmitForm onSubmit={submit} className="grid gap-4">
          <FormField id={`${baseId}-rubric`} label="Rubric">
            <NativeSelect
              id={`${baseId}-rubric`}
              value={String(rubricChoice)}
              aria-describedby={`${baseId}-rubric-hint`}
              onChange={(event) => {
                const value = event.target.value;
                setRubricChoice(value === "current" || value === "gold" ? value : Number(value));
              }}
            >
              <option value="current">
                {current.rubric.title}
                {current.review ? " (used for this review)" : " (built in)"}
              </option>
              {current.review && !isGold ? (
                <option value="gold">{GOLD_STANDARD.title} (built in)</option>
              ) : null}
              {saved
                .filter((rubric) => rubric.id !== current.rubric.id)
                .map((rubric) => (
                  <option key={rubric.id} value={rubric.id}>
                    {rubric.title}
                  </option>
                ))}
            </NativeSelect>
            <p id={`${baseId}-rubric-hint`} className="text-sm text-muted-foreground">
              Start from the Gold Standard, or adapt a copy of it on the{" "}
              <Link href="/rubrics" className="underline">
                Rubrics
              </Link>{" "}
              screen and choose it here.
            </p>
          </FormField>
          {criteria.map((criterion, index) => {
            const choice = choices[criterion.id];
            return (
              <CriterionLevelsFieldset
                key={criterion.id}
                criterion={criterion}
                name={`${baseId}-element-${index}`}
                commentId={`${baseId}-comment-${index}`}
                level={choice?.level ?? null}
                comment={choice?.comment ?? ""}
                onLevel={(level) => change(criterion.id, { level })}
                onComment={(comment) => change(criterion.id, { comment })}
                showWeight={criteria.some((other) => other.weight !== criterion.weight)}
                levelsClassName="sm:grid-cols-2"
              />
            );
          })}
          <OverallCommentField id={`${baseId}-overall`} value={overallComment} onChange={setOverallComment} />
          <p aria-live="polite" className="font-semibold">
            Score: {formatScore(summary.score)} / 100 ({summary.points} of {summary.maximumPoints} points
            {summary.unscored.length > 0 ? `, ${summary.unscored.length} not scored` : ""})
          </p>
          {save.isError && <ErrorAlert error={save.error} fallback="The design review could not be saved." />}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save Review
            </Button>
          </div>
        </SubmitForm>
      </DialogContent>
    </Dialog>
  );
}
