import { cn } from "#client/lib/utils.ts";
import type { RubricCriterionShape } from "#shared/domain/rubrics.ts";

/**
 * One criterion of a rubric to score: its levels as a radio group (title, points and descriptor
 * visible) and a comment. Scoring a submission and reviewing a project design both use it.
 */
export function CriterionLevelsFieldset({
  criterion,
  name,
  commentId,
  level,
  comment,
  onLevel,
  onComment,
  showWeight = true,
  levelsClassName = "sm:grid-cols-2 lg:grid-cols-4",
}: {
  criterion: RubricCriterionShape;
  /** The radio group's name, unique on the page. */
  name: string;
  commentId: string;
  level: number | null;
  comment: string;
  onLevel: (level: number) => void;
  onComment: (comment: string) => void;
  showWeight?: boolean;
  levelsClassName?: string;
}) {
  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 font-medium">
        {criterion.title}
        {showWeight ? (
          <>
            {" "}
            <span className="text-sm font-normal text-muted-foreground">(weight {criterion.weight})</span>
          </>
        ) : null}
      </legend>
      <div className={cn("grid gap-2", levelsClassName)}>
        {criterion.levels.map((choice, index) => {
          const checked = level === index;
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
                name={name}
                value={index}
                checked={checked}
                onChange={() => onLevel(index)}
                className="mt-1"
              />
              <span>
                <span className="block font-medium">
                  {choice.title} ({choice.points})
                </span>
                <span className="block text-muted-foreground break-words">{choice.descriptor}</span>
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
        value={comment}
        onChange={(event) => onComment(event.target.value)}
      />
    </fieldset>
  );
}
