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

/** The builder's limits, checked on both sides. */
export const RUBRIC_LIMITS = {
  criteria: 20,
  levels: 8,
  title: 200,
  descriptor: 2000,
  description: 2000,
} as const;

/** A criterion as the builder edits it: points may still be blank (null), the id set on saving. */
export interface RubricCriterionDraft {
  id?: string;
  title: string;
  weight: number;
  levels: ReadonlyArray<{ title: string; descriptor: string; points?: number | null }>;
}

/** A problem of one cell of a rubric: where (as the API's `details.field`) and what to say. */
export interface RubricProblem {
  path: (string | number)[];
  message: string;
}

export const RUBRIC_MESSAGES = {
  noCriteria: "Add at least one criterion",
  tooManyCriteria: `A rubric has at most ${RUBRIC_LIMITS.criteria} criteria`,
} as const;

/** `Criterion 2 ("Evidence")`, or `Criterion 2` while it has no title: how messages name a criterion. */
export const criterionLabel = (criterion: { title: string }, index: number) => {
  const title = criterion.title.trim();
  return title ? `Criterion ${index + 1} ("${title}")` : `Criterion ${index + 1}`;
};

/**
 * What keeps a rubric from being saved, each problem naming its cell
 * (`Criterion 2 ("Evidence"), level 3: points are required`); none when it can be saved.
 */
export function rubricProblems(criteria: readonly RubricCriterionDraft[]): RubricProblem[] {
  if (criteria.length === 0) return [{ path: ["criteria"], message: RUBRIC_MESSAGES.noCriteria }];
  if (criteria.length > RUBRIC_LIMITS.criteria) {
    return [{ path: ["criteria"], message: RUBRIC_MESSAGES.tooManyCriteria }];
  }
  const problems: RubricProblem[] = [];
  criteria.forEach((criterion, index) => {
    const label = criterionLabel(criterion, index);
    const at = (...rest: (string | number)[]) => ["criteria", index, ...rest];
    if (!criterion.title.trim())
      problems.push({ path: at("title"), message: `${label}: a title is required` });
    if (criterion.title.length > RUBRIC_LIMITS.title) {
      problems.push({
        path: at("title"),
        message: `${label}: the title must be at most ${RUBRIC_LIMITS.title} characters`,
      });
    }
    if (!(criterion.weight > 0)) {
      problems.push({ path: at("weight"), message: `${label}: the weight must be more than 0` });
    }
    if (criterion.levels.length === 0) {
      problems.push({ path: at("levels"), message: `${label}: add at least one level` });
    }
    if (criterion.levels.length > RUBRIC_LIMITS.levels) {
      problems.push({ path: at("levels"), message: `${label}: at most ${RUBRIC_LIMITS.levels} levels` });
    }
    criterion.levels.forEach((level, levelIndex) => {
      const where = `${label}, level ${levelIndex + 1}`;
      if (level.points === null || level.points === undefined) {
        problems.push({ path: at("levels", levelIndex, "points"), message: `${where}: points are required` });
      } else if (level.points < 0) {
        problems.push({
          path: at("levels", levelIndex, "points"),
          message: `${where}: points must be 0 or more`,
        });
      }
      if (level.title.length > RUBRIC_LIMITS.title) {
        problems.push({
          path: at("levels", levelIndex, "title"),
          message: `${where}: the title must be at most ${RUBRIC_LIMITS.title} characters`,
        });
      }
      if (level.descriptor.length > RUBRIC_LIMITS.descriptor) {
        problems.push({
          path: at("levels", levelIndex, "descriptor"),
          message: `${where}: the descriptor must be at most ${RUBRIC_LIMITS.descriptor} characters`,
        });
      }
    });
  });
  return problems;
}

/** A rubric ready for the builder to open (not saved). */
export interface RubricStart {
  title: string;
  description: string;
  criteria: RubricCriterionShape[];
}

const levelsOf = (titles: readonly string[], points: readonly number[], descriptors: readonly string[]) =>
  titles.map((title, index) => ({ title, points: points[index] ?? 0, descriptor: descriptors[index] ?? "" }));

const GOLD_STANDARD_LEVELS = [
  "Includes the feature",
  "Partly includes",
  "Needs further development",
  "Lacks the feature",
];
const GOLD_STANDARD_POINTS = [3, 2, 1, 0];

// PBLWorks' seven Essential Project Design Elements of Gold Standard PBL, each judged on one's own design.
const GOLD_STANDARD_ELEMENTS: ReadonlyArray<{ id: string; title: string; feature: string }> = [
  {
    id: "challenging-problem",
    title: "Challenging problem or question",
    feature:
      "the project is framed by a meaningful problem to solve or a question to answer, at the right level of challenge",
  },
  {
    id: "sustained-inquiry",
    title: "Sustained inquiry",
    feature: "students ask questions, find resources and apply what they learn over an extended period",
  },
  {
    id: "authenticity",
    title: "Authenticity",
    feature:
      "the project has a real-world context, uses real-world processes, tools and quality standards, and speaks to students' own concerns",
  },
  {
    id: "student-voice-choice",
    title: "Student voice and choice",
    feature: "students make decisions about the project, including how they work and what they create",
  },
  {
    id: "reflection",
    title: "Reflection",
    feature:
      "students and the teacher reflect on the learning, the inquiry and project activities, and the quality of student work",
  },
  {
    id: "critique-revision",
    title: "Critique and revision",
    feature: "students give, receive and apply feedback to improve their process and products",
  },
  {
    id: "public-product",
    title: "Public product",
    feature:
      "students make their work public by explaining, displaying or presenting it to people beyond the classroom",
  },
];

/** The Gold Standard project design rubric: the seven design elements, to judge one's own project design. */
export function goldStandardRubric(): RubricStart {
  return {
    title: "Gold Standard project design",
    description:
      "The seven Essential Project Design Elements of Gold Standard PBL (PBLWorks), applied to your own project design.",
    criteria: GOLD_STANDARD_ELEMENTS.map((element) => ({
      id: element.id,
      title: element.title,
      weight: 1,
      levels: levelsOf(GOLD_STANDARD_LEVELS, GOLD_STANDARD_POINTS, [
        `Fully present: ${element.feature}.`,
        `Present with weaknesses: ${element.feature}, but not consistently or not for every student.`,
        `Only a little: the design touches on it, but ${element.feature} only in parts.`,
        `Missing: nothing in the design ensures that ${element.feature}.`,
      ]),
    })),
  };
}

const DELIVERABLE_LEVELS = ["Exemplary", "Proficient", "Developing", "Beginning"];
const DELIVERABLE_POINTS = [4, 3, 2, 1];
export const PIVOT_CONCEPTS_CRITERION = "Use of the pivot concepts";

/** A rubric with one criterion per deliverable (weight 1) and one for the use of the pivot concepts. */
export function rubricFromDeliverables(title: string, deliverables: readonly string[]): RubricStart {
  const criterion = (id: string, name: string, what: string) => ({
    id,
    title: name,
    weight: 1,
    levels: levelsOf(DELIVERABLE_LEVELS, DELIVERABLE_POINTS, [
      `${what} is complete, accurate and insightful, beyond what was asked.`,
      `${what} is complete and accurate, as asked.`,
      `${what} is partly complete or has errors to revise.`,
      `${what} is missing essential parts or is mostly inaccurate.`,
    ]),
  });
  const named = deliverables.map((deliverable) => deliverable.trim()).filter(Boolean);
  return {
    title,
    description: "",
    criteria: [
      ...named.map((deliverable, index) =>
        criterion(`deliverable-${index + 1}`, deliverable, `The deliverable "${deliverable}"`),
      ),
      criterion("pivot-concepts", PIVOT_CONCEPTS_CRITERION, "The use of the pivot concepts"),
    ],
  };
}

/** How a score list can be wrong against its rubric; assessments and design reviews say it alike. */
export const RUBRIC_SCORE_MESSAGES = {
  unknownCriterion: (id: string) => `scores: unknown criterion "${id}"`,
  unknownLevel: (title: string) => `scores: "${title}" has no such level`,
  repeatedCriterion: (id: string) => `scores: criterion "${id}" is scored twice`,
} as const;

/**
 * The first thing wrong with a list of scores against a rubric's criteria (a criterion it lacks, a
 * level a criterion lacks, a criterion scored twice); undefined when every score fits. Criteria left
 * unscored are not a problem: a partial scoring is allowed.
 */
export function scoreProblem(
  criteria: readonly RubricCriterionShape[],
  scores: ReadonlyArray<{ criterionId: string; level: number }>,
): string | undefined {
  const seen = new Set<string>();
  for (const score of scores) {
    const criterion = criteria.find((candidate) => candidate.id === score.criterionId);
    if (!criterion) return RUBRIC_SCORE_MESSAGES.unknownCriterion(score.criterionId);
    if (seen.has(criterion.id)) return RUBRIC_SCORE_MESSAGES.repeatedCriterion(criterion.id);
    seen.add(criterion.id);
    if (!criterion.levels[score.level]) return RUBRIC_SCORE_MESSAGES.unknownLevel(criterion.title);
  }
  return undefined;
}

/** A criterion's chosen level, as a result names it. */
export interface ChosenLevel {
  criterionId: string;
  title: string;
  level: number;
  levelTitle: string;
  points: number;
}

/**
 * A scoring's summary: its weighted score (0 to 100), the points given and the most there are
 * (unweighted sums of the criteria's levels), the scored criteria at the lowest share of their
 * maximum (none when every scored one is at its best), and the criteria not scored yet.
 */
export function scoringSummary(
  criteria: readonly RubricCriterionShape[],
  scores: ReadonlyArray<{ criterionId: string; level: number }>,
) {
  const chosen: Array<ChosenLevel & { share: number }> = [];
  const unscored: Array<{ criterionId: string; title: string }> = [];
  for (const criterion of criteria) {
    const pick = scores.find((score) => score.criterionId === criterion.id);
    const level = pick === undefined ? undefined : criterion.levels[pick.level];
    if (pick === undefined || level === undefined) {
      unscored.push({ criterionId: criterion.id, title: criterion.title });
      continue;
    }
    const maximum = criterionMaximum(criterion);
    chosen.push({
      criterionId: criterion.id,
      title: criterion.title,
      level: pick.level,
      levelTitle: level.title,
      points: level.points,
      share: maximum > 0 ? level.points / maximum : 1,
    });
  }
  const lowest = Math.min(...chosen.map((choice) => choice.share));
  const weakest =
    lowest < 1 ? chosen.filter((choice) => choice.share === lowest).map(({ share: _, ...rest }) => rest) : [];
  return {
    score: rubricScore(criteria, scores),
    points: chosen.reduce((sum, choice) => sum + choice.points, 0),
    maximumPoints: criteria.reduce((sum, criterion) => sum + criterionMaximum(criterion), 0),
    weakest,
    unscored,
  };
}
