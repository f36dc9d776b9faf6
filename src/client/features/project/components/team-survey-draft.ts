import { DEFAULT_SCALE } from "#shared/domain/team-survey.ts";
import {
  type TeamCriterion,
  type TeamSurvey,
  type TeamSurveyInput,
  teamSurveyInputSchema,
} from "#shared/schemas/teams.ts";

/** One question as the editor holds it: numbers and options as typed. */
export interface QuestionDraft {
  /** React's key for the row, stable while questions are removed. */
  key: number;
  /** The saved question's id: kept, students' answers refer to it. */
  id?: string;
  title: string;
  kind: TeamCriterion["kind"];
  /** One option a line (choice and multi). */
  options: string;
  scaleMin: string;
  scaleMax: string;
  mode: TeamCriterion["mode"];
  weight: string;
}

export interface SurveyDraft {
  questions: QuestionDraft[];
  availability: boolean;
  minSharedBlocks: string;
  askUnderrepresented: boolean;
}

/** Messages by the API's field ("criteria.1.options", "minSharedBlocks"); "form" for the rest. */
export type SurveyErrors = Record<string, string>;

let nextKey = 1;
const key = () => nextKey++;

export const blankQuestion = (): QuestionDraft => ({
  key: key(),
  title: "",
  kind: "choice",
  options: "",
  scaleMin: String(DEFAULT_SCALE.min),
  scaleMax: String(DEFAULT_SCALE.max),
  mode: "diverse",
  weight: "1",
});

/** The questions a new survey starts from: the instructor keeps, edits or removes them. */
export const suggestedQuestions = (): QuestionDraft[] => [
  {
    ...blankQuestion(),
    title: "Prior knowledge of the pivot concepts",
    kind: "scale",
    mode: "similar",
    weight: "3",
  },
  {
    ...blankQuestion(),
    title: "Preferred role",
    options: "Leader\nResearcher\nBuilder\nPresenter\nOrganiser",
    weight: "2",
  },
  {
    ...blankQuestion(),
    title: "Skills",
    kind: "multi",
    options: "Statistics\nWriting\nDesign\nProgramming\nFieldwork",
    weight: "1",
  },
];

/** The survey to edit: the saved one, or the suggestions with the time blocks asked. */
export function draftOf(survey: TeamSurvey | null): SurveyDraft {
  if (!survey) {
    return {
      questions: suggestedQuestions(),
      availability: true,
      minSharedBlocks: "2",
      askUnderrepresented: false,
    };
  }
  return {
    questions: survey.criteria.map((criterion) => ({
      key: key(),
      id: criterion.id,
      title: criterion.title,
      kind: criterion.kind,
      options: criterion.options.join("\n"),
      scaleMin: String(criterion.scale?.min ?? DEFAULT_SCALE.min),
      scaleMax: String(criterion.scale?.max ?? DEFAULT_SCALE.max),
      mode: criterion.mode,
      weight: String(criterion.weight),
    })),
    availability: survey.availability,
    minSharedBlocks: String(survey.minSharedBlocks),
    askUnderrepresented: survey.askUnderrepresented,
  };
}

/** A typed number; blank is not a number, so the schema names the field. */
const numberOf = (typed: string) => (typed.trim() === "" ? Number.NaN : Number(typed));

const linesOf = (typed: string) =>
  typed
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

export const inputOf = (draft: SurveyDraft): TeamSurveyInput => ({
  criteria: draft.questions.map((question) => ({
    ...(question.id ? { id: question.id } : {}),
    title: question.title,
    kind: question.kind,
    options: question.kind === "scale" ? [] : linesOf(question.options),
    ...(question.kind === "scale"
      ? { scale: { min: numberOf(question.scaleMin), max: numberOf(question.scaleMax) } }
      : {}),
    mode: question.mode,
    weight: numberOf(question.weight),
  })),
  availability: draft.availability,
  minSharedBlocks: draft.availability ? numberOf(draft.minSharedBlocks) : 0,
  askUnderrepresented: draft.askUnderrepresented,
});

/**
 * The field a message shows at: a question's scale bounds at its scale, anything the editor has
 * no field for at the form.
 */
export const shownField = (field: string) =>
  /^criteria\.\d+\.(title|kind|options|scale|weight|mode)$/.test(field) || field === "minSharedBlocks"
    ? field
    : /^criteria\.\d+\.scale\.(min|max)$/.test(field)
      ? field.replace(/\.(min|max)$/, "")
      : /^criteria\.\d+\.options\.\d+$/.test(field)
        ? field.replace(/\.\d+$/, "")
        : "form";

/** The first message per field of a list of issues, keyed by where it shows. */
export function surveyErrorsOf(issues: ReadonlyArray<{ field: string; message: string }>): SurveyErrors {
  const errors: SurveyErrors = {};
  for (const { field, message } of issues) errors[shownField(field)] ??= message;
  return errors;
}

/** What the browser finds wrong before sending (the server checks the same with the same schema). */
export function localSurveyErrors(draft: SurveyDraft): SurveyErrors {
  const parsed = teamSurveyInputSchema.safeParse(inputOf(draft));
  if (parsed.success) return {};
  return surveyErrorsOf(
    parsed.error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message })),
  );
}
