// Rubric arithmetic: criteria × levels, each level worth points, each criterion a relative weight.

export interface RubricLevel {
  title: string;
  descriptor: string;
  points: number;
}

export interface RubricCriterionShape {
  id: string;
  title: string;
  weight: number;
  levels: RubricLevel[];
}

/** A criterion's best level's points (0 for a criterion without levels). */
export const criterionMaximum = (criterion: RubricCriterionShape): number =>
  criterion.levels.reduce((best, level) => Math.max(best, level.points), 0);

/**
 * A rubric's score as a share of its maximum, 0 to 100: each criterion's chosen points over its
 * maximum, weighted by the criterion's weight. A criterion without a chosen level counts 0; criteria
 * whose maximum or weight is 0 count for nothing.
 */
export function rubricScore(
  criteria: readonly RubricCriterionShape[],
  chosen: ReadonlyArray<{ criterionId: string; level: number }>,
): number {
  let weighted = 0;
  let weights = 0;
  for (const criterion of criteria) {
    const maximum = criterionMaximum(criterion);
    if (maximum <= 0 || criterion.weight <= 0) continue;
    const pick = chosen.find((score) => score.criterionId === criterion.id);
    const points = pick === undefined ? 0 : (criterion.levels[pick.level]?.points ?? 0);
    weighted += (criterion.weight * Math.max(0, points)) / maximum;
    weights += criterion.weight;
  }
  return weights === 0 ? 0 : (100 * weighted) / weights;
}
