import { Check } from "lucide-react";
import { formatScore } from "#client/components/rubrics/format-score.ts";
import { cn } from "#client/lib/utils.ts";
import type { AssessmentRubric, ReleasedFeedback } from "#shared/schemas/submissions.ts";

/**
 * Released feedback on one version: the rubric, each criterion's levels with the chosen one
 * highlighted (and named in words, not by colour alone), the comments and the overall score.
 */
export function SubmissionFeedback({
  feedback,
  rubric,
}: {
  feedback: ReleasedFeedback;
  rubric: AssessmentRubric | null;
}) {
  return (
    <div className="grid gap-3">
      <p className="text-lg font-semibold">Score: {formatScore(feedback.score)} / 100</p>
      {feedback.overallComment ? (
        <p className="text-sm whitespace-pre-wrap break-words">{feedback.overallComment}</p>
      ) : null}
      <ul className="grid gap-3">
        {(rubric?.criteria ?? []).map((criterion) => {
          const score = feedback.scores.find((candidate) => candidate.criterionId === criterion.id);
          return (
            <li key={criterion.id} className="grid gap-2 rounded-md border p-3">
              <h4 className="font-medium break-words">
                {criterion.title}
                <span className="ml-2 text-sm font-normal text-muted-foreground">
                  {score ? `${score.levelTitle}: ${score.points} points` : "Not scored"}
                </span>
              </h4>
              <ul className="grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
                {criterion.levels.map((level, index) => {
                  const chosen = score?.level === index;
                  return (
                    <li
                      // biome-ignore lint/suspicious/noArrayIndexKey: a criterion's levels are a fixed ordered list
                      key={index}
                      aria-current={chosen ? "true" : undefined}
                      className={cn(
                        "rounded-md border p-2",
                        chosen ? "border-primary bg-primary/10 font-medium" : "text-muted-foreground",
                      )}
                    >
                      <span className="flex items-center gap-1">
                        {chosen ? <Check aria-hidden="true" className="size-4" /> : null}
                        {level.title} ({level.points})
                        {chosen ? <span className="sr-only"> (your level)</span> : null}
                      </span>
                      <span className="block break-words">{level.descriptor}</span>
                    </li>
                  );
                })}
              </ul>
              {score?.comment ? (
                <p className="text-sm whitespace-pre-wrap break-words">{score.comment}</p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
