import {
  TEAM_SURVEY_MESSAGES,
  type TeamAnswerValue,
  type TeamCriterion,
  type TeamCriterionInput,
} from "../schemas/teams.ts";

/** A scale question's range when the instructor gave none: 1 to 5. */
export const DEFAULT_SCALE = { min: 1, max: 5 } as const;

/** Each question as stored: its id kept or made from its position, options only where they apply. */
export function normaliseCriteria(criteria: readonly TeamCriterionInput[]): TeamCriterion[] {
  const taken = new Set(criteria.flatMap((criterion) => (criterion.id ? [criterion.id] : [])));
  let next = 1;
  const freshId = () => {
    while (taken.has(`q${next}`)) next += 1;
    taken.add(`q${next}`);
    return `q${next}`;
  };
  return criteria.map((criterion) => ({
    id: criterion.id ?? freshId(),
    title: criterion.title,
    kind: criterion.kind,
    options: criterion.kind === "scale" ? [] : [...(criterion.options ?? [])],
    scale: criterion.kind === "scale" ? { ...(criterion.scale ?? DEFAULT_SCALE) } : null,
    mode: criterion.mode,
    weight: criterion.weight,
  }));
}

/** Why an answer does not fit the survey's questions (the first problem), or null when it does. */
export function answerProblem(
  criteria: readonly TeamCriterion[],
  answers: Readonly<Record<string, TeamAnswerValue>>,
): string | null {
  for (const [id, value] of Object.entries(answers)) {
    const criterion = criteria.find((candidate) => candidate.id === id);
    if (!criterion) return TEAM_SURVEY_MESSAGES.unknownCriterion(id);
    if (criterion.kind === "scale") {
      const { min, max } = criterion.scale ?? DEFAULT_SCALE;
      if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
        return TEAM_SURVEY_MESSAGES.notOnScale(criterion.title, min, max);
      }
    } else if (criterion.kind === "choice") {
      if (typeof value !== "string" || !criterion.options.includes(value)) {
        return TEAM_SURVEY_MESSAGES.notAnOption(criterion.title);
      }
    } else if (
      !Array.isArray(value) ||
      new Set(value).size !== value.length ||
      value.some((option) => !criterion.options.includes(option))
    ) {
      return TEAM_SURVEY_MESSAGES.notAnOption(criterion.title);
    }
  }
  return null;
}

/**
 * The answers that still fit after the instructor changed the survey: an answer to a question
 * removed, or no longer among its options or on its scale, counts as not given.
 */
export function answersThatFit(
  criteria: readonly TeamCriterion[],
  answers: Readonly<Record<string, TeamAnswerValue>>,
): Record<string, TeamAnswerValue> {
  return Object.fromEntries(
    Object.entries(answers).filter(([id, value]) => answerProblem(criteria, { [id]: value }) === null),
  );
}
