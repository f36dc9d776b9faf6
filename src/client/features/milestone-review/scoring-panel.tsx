import { useId, useState } from "react";
import { CriterionLevelsFieldset } from "#client/components/rubrics/criterion-levels-fieldset.tsx";
import { formatScore } from "#client/components/rubrics/format-score.ts";
import { OverallCommentField } from "#client/components/rubrics/overall-comment-field.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ErrorAlert } from "#client/components/ui/error-alert.tsx";
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
        return (
          <CriterionLevelsFieldset
            key={criterion.id}
            criterion={criterion}
            name={`${baseId}-criterion-${criterionIndex}`}
            commentId={`${baseId}-comment-${criterionIndex}`}
            level={choice?.level ?? null}
            comment={choice?.comment ?? ""}
            onLevel={(level) => change(criterion.id, { level })}
            onComment={(comment) => change(criterion.id, { comment })}
          />
        );
      })}
      <OverallCommentField id={`${baseId}-overall`} value={overallComment} onChange={setOverallComment} />
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
