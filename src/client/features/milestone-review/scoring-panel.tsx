import { useId, useState } from "react";
import { formatScore } from "#client/components/submissions/submission-work.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
import { cn } from "#client/lib/utils.ts";
import { rubricScore } from "#shared/domain/rubrics.ts";
import type { Assessment, AssessmentInput, AssessmentRubric } from "#shared/schemas/submissions.ts";

interface CriterionChoice {
  level: number | null;
  comment: string;
}

const choicesOf = (rubric: AssessmentRubric, assessment: Assessment | null) =>
  Object.fromEntries(
    rubric.criteria.map((criterion) => {
      const score = assessment?.scores.find((candidate) => candidate.criterionId === criterion.id);
      return [criterion.id, { level: score?.level ?? null, comment: score?.comment ?? "" }];
    }),
  ) as Record<string, CriterionChoice>;

/**
 * Scoring one version with the milestone's rubric: a level per criterion (a radio group each),
 * a comment per criterion, an overall comment, the running score, and Save draft / Save as final.
 */
export function ScoringPanel({
  rubric,
  assessment,
  saving,
  error,
  onSave,
}: {
  rubric: AssessmentRubric;
  assessment: Assessment | null;
  saving: boolean;
  error: unknown;
  onSave: (input: AssessmentInput) => void;
}) {
  const baseId = useId();
  const [choices, setChoices] = useState(() => choicesOf(rubric, assessment));
  const [overallComment, setOverallComment] = useState(assessment?.overallComment ?? "");
  const scores = rubric.criteria.flatMap((criterion) => {
    const choice = choices[criterion.id];
    return choice && choice.level !== null
      ? [{ criterionId: criterion.id, level: choice.level, comment: choice.comment }]
      : [];
  });
  const score = rubricScore(rubric.criteria, scores);
  const change = (criterionId: string, next: Partial<CriterionChoice>) =>
    setChoices((current) => ({
      ...current,
      [criterionId]: { level: null, comment: "", ...current[criterionId], ...next },
    }));
  const save = (status: AssessmentInput["status"]) => onSave({ scores, overallComment, status });

  return (
    <section aria-labelledby={`${baseId}-heading`} className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${baseId}-heading`} className="text-lg font-semibold">
          Score with {rubric.title}
        </h3>
        <p aria-live="polite" className="font-semibold">
          Score: {formatScore(score)} / 100
        </p>
      </div>
      {assessment ? (
        <p className="text-sm text-muted-foreground">
          {assessment.status === "final" ? "Saved as final." : "Saved as a draft: students never see drafts."}
        </p>
      ) : null}
      {rubric.criteria.map((criterion, criterionIndex) => {
        const choice = choices[criterion.id];
        const commentId = `${baseId}-comment-${criterionIndex}`;
        return (
          <fieldset key={criterion.id} className="grid gap-2 rounded-md border p-3">
            <legend className="px-1 font-medium">
              {criterion.title}{" "}
              <span className="text-sm font-normal text-muted-foreground">(weight {criterion.weight})</span>
            </legend>
            <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
              {criterion.levels.map((level, index) => {
                const checked = choice?.level === index;
                return (
                  <label
                    // biome-ignore lint/suspicious/noArrayIndexKey: a criterion's levels are a fixed ordered list
                    key={index}
                    className={cn(
                      "flex cursor-pointer gap-2 rounded-md border p-2 text-sm focus-within:ring-2 focus-within:ring-ring",
                      checked ? "border-primary bg-primary/10" : "",
                    )}
                  >
                    <input
                      type="radio"
                      name={`${baseId}-criterion-${criterionIndex}`}
                      value={index}
                      checked={checked}
                      onChange={() => change(criterion.id, { level: index })}
                      className="mt-1"
                    />
                    <span>
                      <span className="block font-medium">
                        {level.title} ({level.points})
                      </span>
                      <span className="block text-muted-foreground break-words">{level.descriptor}</span>
                    </span>
                  </label>
                );
              })}
            </div>
            <label htmlFor={commentId} className="text-sm font-medium">
              Comment on {criterion.title}
            </label>
            <textarea
              id={commentId}
              rows={2}
              maxLength={5000}
              className="rounded-md border border-input bg-card px-3 py-2 text-sm"
              value={choice?.comment ?? ""}
              onChange={(event) => change(criterion.id, { comment: event.target.value })}
            />
          </fieldset>
        );
      })}
      <div className="grid gap-2">
        <label htmlFor={`${baseId}-overall`} className="text-sm font-medium">
          Overall comment
        </label>
        <textarea
          id={`${baseId}-overall`}
          rows={3}
          maxLength={20000}
          className="rounded-md border border-input bg-card px-3 py-2 text-sm"
          value={overallComment}
          onChange={(event) => setOverallComment(event.target.value)}
        />
      </div>
      {error ? <ErrorAlert error={error} fallback="The assessment could not be saved. Try again." /> : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={saving} onClick={() => save("draft")}>
          Save draft
        </Button>
        <Button disabled={saving} onClick={() => save("final")}>
          Save as final
        </Button>
      </div>
    </section>
  );
}
