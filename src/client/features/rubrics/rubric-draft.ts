import { ApiError } from "#client/lib/api-client.ts";
import { type RubricInput, rubricInputSchema } from "#shared/schemas/rubrics.ts";

export interface LevelDraft {
  title: string;
  descriptor: string;
  /** Blank (null) until the instructor gives them. */
  points: number | null;
}
export interface CriterionDraft {
  id?: string;
  title: string;
  weight: number;
  levels: LevelDraft[];
}
/** The rubric the builder edits: `id` once saved. */
export interface RubricDraft {
  id?: number;
  title: string;
  description: string;
  criteria: CriterionDraft[];
}

/** Messages by cell, keyed as the API's `details.field` ("criteria.1.levels.2.points"). */
export type CellErrors = Record<string, string>;

const DEFAULT_LEVELS: LevelDraft[] = [
  { title: "Exemplary", descriptor: "", points: 4 },
  { title: "Proficient", descriptor: "", points: 3 },
  { title: "Developing", descriptor: "", points: 2 },
  { title: "Beginning", descriptor: "", points: 1 },
];

export const blankCriterion = (): CriterionDraft => ({
  title: "",
  weight: 1,
  levels: DEFAULT_LEVELS.map((level) => ({ ...level })),
});

export const blankRubric = (): RubricDraft => ({ title: "", description: "", criteria: [blankCriterion()] });

/** A saved rubric or a starting point, ready to edit. */
export const draftOf = (rubric: {
  id?: number;
  title: string;
  description: string;
  criteria: CriterionDraft[];
}): RubricDraft => ({
  id: rubric.id,
  title: rubric.title,
  description: rubric.description,
  criteria: rubric.criteria.map((criterion) => ({
    ...criterion,
    levels: criterion.levels.map((level) => ({ ...level })),
  })),
});

export const inputOf = (draft: RubricDraft): RubricInput => ({
  title: draft.title,
  description: draft.description,
  criteria: draft.criteria,
});

/** The first message per cell of a list of issues. */
export function cellErrorsOf(issues: ReadonlyArray<{ field: string; message: string }>): CellErrors {
  const errors: CellErrors = {};
  for (const { field, message } of issues) errors[field || "form"] ??= message;
  return errors;
}

/** What the browser finds wrong before sending (the server checks the same with the same schema). */
export function localCellErrors(draft: RubricDraft): CellErrors {
  const parsed = rubricInputSchema.safeParse(inputOf(draft));
  if (parsed.success) return {};
  return cellErrorsOf(
    parsed.error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message })),
  );
}

/** A refusal of the server by cell (its 400 `details`), else its message as the form's. */
export function serverCellErrors(error: unknown, fallback: string): CellErrors {
  if (error instanceof ApiError) {
    try {
      const body = JSON.parse(error.body) as { details?: Array<{ field: string; message: string }> };
      if (Array.isArray(body.details) && body.details.length > 0) return cellErrorsOf(body.details);
    } catch {
      // not JSON: the message below
    }
    return { form: error.serverMessage ?? fallback };
  }
  return { form: fallback };
}
