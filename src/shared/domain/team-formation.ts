// Team formation from a team survey: teams of a target size, scored on the instructor's criteria.
//
// The method is CATME Team-Maker's (Layton, Loughry, Ohland, Ricco, "Design and validation of a
// web-based system for assigning members to teams using instructor-specified criteria", Advances
// in Engineering Education, 2010): build teams, then swap pairs of students between teams while a
// swap raises the objective, from several starts; keep the best. Here:
// - Sizes: as even as possible with the smallest total deviation from the asked size (10 by 4 gives
//   4, 3, 3; 13 by 4 gives 5, 4, 4), a tie going to the smaller teams; fewer students than the size
//   make one team. A `note` says so when the class does not divide.
// - Each start is greedy from a random order: a team begins with the next student, then takes
//   whoever raises its score most (a random start alone left, for instance, a class split between
//   two time slots in mixed teams: no single swap between mixed teams gives one a shared block).
// - Swaps: pairs of students in different teams, in a random order, each swap kept as soon as it
//   raises the objective, until a pass over every pair keeps none (the teams are then a local
//   optimum: no single swap improves them). Passes in between skip pairs of unchanged teams.
// - The objective, compared in this order: the sum of the constraints' penalties, lower first (so
//   a constraint is met whenever some arrangement meets it); then the lowest team score (CATME's
//   "maximise the minimum compliance": no team is sacrificed to lift the average); then the mean
//   (by at least a thousandth of one team's score: smaller gains only cost time).
// - Scores and what lowered them: team-scores.ts.
// - Deterministic for a seed: every random choice comes from pure-rand's xoroshiro128+.
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import type { RandomGenerator } from "pure-rand/types/RandomGenerator";
import {
  assessTeam,
  type ClassModel,
  type CriterionId,
  classModel,
  loweredBy,
  type TeamAssessment,
  type TeamConstraints,
  type TeamCriterion,
  type TeamStudent,
} from "./team-scores.ts";

export type { CriterionId, TeamConstraints, TeamCriterion, TeamStudent } from "./team-scores.ts";

export interface Lowered {
  /** The criterion's id, or the constraint missed. */
  reason: CriterionId | "availability" | "underrepresented";
  message: string;
}

export interface FormedTeam {
  /** Student ids, in the class's order. */
  members: number[];
  score: number;
  lowered: Lowered[];
}

export interface TeamFormation {
  teams: FormedTeam[];
  /** Over the teams; both 0 when there is none. */
  score: { min: number; mean: number };
  note?: string;
}

export interface TeamFormationOptions extends TeamConstraints {
  method: "criteria" | "random";
}

export interface TeamFormationInput {
  students: readonly TeamStudent[];
  criteria: readonly TeamCriterion[];
  /** The target team size. */
  size: number;
  seed: number;
  options: TeamFormationOptions;
}

/**
 * Greedy starts, each improved by swaps: 8 for a class of up to 100, fewer above (a pass costs the
 * square of the class size), so that 300 students take well under 2 s with 2 starts.
 */
const startsFor = (count: number) => Math.max(2, Math.min(8, Math.floor(800 / Math.max(1, count))));
/** A bound on the passes of one start; a class of 300 settles in about ten. */
const MAX_PASSES = 30;
const EPSILON = 1e-9;
/**
 * The least rise of the teams' summed score a swap must bring when it leaves the penalties and the
 * lowest score as they are: a thousandth of one team's score. Smaller gains are noise to a reader
 * of two decimals, and chasing them cost a class of 300 more passes than everything else.
 */
const MIN_GAIN = 0.001;

/** Team sizes for `count` students and a target `size`, largest first. */
export function teamSizes(count: number, size: number): number[] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`A team size is a whole number from 1: ${size}`);
  if (count === 0) return [];
  if (count <= size) return [count];
  const plans = [...new Set([Math.floor(count / size), Math.ceil(count / size)])].map((teams) => {
    const smaller = Math.floor(count / teams);
    const larger = count % teams;
    const sizes = [
      ...Array<number>(larger).fill(smaller + 1),
      ...Array<number>(teams - larger).fill(smaller),
    ];
    const deviations = sizes.map((teamSize) => Math.abs(teamSize - size));
    return { sizes, total: deviations.reduce((sum, d) => sum + d, 0), worst: Math.max(...deviations) };
  });
  plans.sort((a, b) => a.total - b.total || a.worst - b.worst || b.sizes.length - a.sizes.length);
  return plans[0]?.sizes ?? [count];
}

/** "10 students do not make teams of 4: 1 team of 4 and 2 teams of 3"; undefined when they do. */
export function sizeNote(count: number, size: number, sizes: readonly number[]): string | undefined {
  if (sizes.every((teamSize) => teamSize === size)) return undefined;
  const groups = [...new Set(sizes)].map((teamSize) => {
    const teams = sizes.filter((other) => other === teamSize).length;
    return `${teams} team${teams === 1 ? "" : "s"} of ${teamSize}`;
  });
  return `${count} ${count === 1 ? "student does" : "students do"} not make teams of ${size}: ${groups.join(" and ")}`;
}

export function formTeams(input: TeamFormationInput): TeamFormation {
  if (input.options.method === "random") return randomTeams(input);
  const model = classModel(input.students, input.criteria, input.options);
  const sizes = teamSizes(input.students.length, input.size);
  const rng = xoroshiro128plus(input.seed);
  let best: Arrangement | null = null;
  for (let start = 0; start < startsFor(input.students.length); start++) {
    const arrangement = improveBySwaps(model, greedyStart(model, sizes, rng), rng);
    if (!best || better(objective(arrangement), objective(best))) best = arrangement;
  }
  return formation(model, best?.teams ?? [], sizeNote(input.students.length, input.size, sizes));
}

/** The "random" method: the class shuffled and dealt into teams of the same sizes, then scored. */
export function randomTeams(input: TeamFormationInput): TeamFormation {
  const model = classModel(input.students, input.criteria, input.options);
  const sizes = teamSizes(input.students.length, input.size);
  const order = shuffled(input.students.length, xoroshiro128plus(input.seed));
  const teams = sizes.map((teamSize) => order.splice(0, teamSize));
  return formation(model, teams, sizeNote(input.students.length, input.size, sizes));
}

/** Scores teams given by student ids, as after a manual edit. */
export function scoreTeams(
  students: readonly TeamStudent[],
  criteria: readonly TeamCriterion[],
  teams: readonly (readonly number[])[],
  options: TeamConstraints,
): TeamFormation {
  const indexOf = new Map(students.map((student, index) => [student.id, index]));
  const members = teams.map((team) =>
    team.map((id) => {
      const index = indexOf.get(id);
      if (index === undefined) throw new RangeError(`No student ${id} in the class`);
      return index;
    }),
  );
  return formation(classModel(students, criteria, options), members, undefined, false);
}

/** Teams as indexes into the class, with each team's assessment. */
interface Arrangement {
  teams: number[][];
  assessments: TeamAssessment[];
}

interface Objective {
  penalty: number;
  min: number;
  /** The teams' scores added up: the mean times the number of teams. */
  sum: number;
}

function objective({ assessments }: Arrangement): Objective {
  const scores = assessments.map((assessment) => assessment.score);
  return {
    penalty: assessments.reduce((sum, assessment) => sum + assessment.penalty, 0),
    min: Math.min(...scores),
    sum: scores.reduce((sum, score) => sum + score, 0),
  };
}

function better(candidate: Objective, current: Objective): boolean {
  if (Math.abs(candidate.penalty - current.penalty) > EPSILON) return candidate.penalty < current.penalty;
  if (Math.abs(candidate.min - current.min) > EPSILON) return candidate.min > current.min;
  return candidate.sum > current.sum + MIN_GAIN;
}

/** 0..count-1 in a random order (Fisher–Yates). */
function shuffled(count: number, rng: RandomGenerator): number[] {
  const order = Array.from({ length: count }, (_, index) => index);
  for (let i = count - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    [order[i], order[j]] = [order[j] ?? j, order[i] ?? i];
  }
  return order;
}

function greedyStart(model: ClassModel, sizes: readonly number[], rng: RandomGenerator): Arrangement {
  const waiting = shuffled(model.students.length, rng);
  const teams = sizes.map((teamSize) => {
    const team = waiting.splice(0, 1);
    while (team.length < teamSize) {
      let bestAt = 0;
      let bestAssessment: TeamAssessment | null = null;
      for (const [at, candidate] of waiting.entries()) {
        const assessment = assessTeam(model, [...team, candidate]);
        if (!bestAssessment || betterTeam(assessment, bestAssessment)) {
          bestAt = at;
          bestAssessment = assessment;
        }
      }
      team.push(...waiting.splice(bestAt, 1));
    }
    return team;
  });
  return { teams, assessments: teams.map((team) => assessTeam(model, team)) };
}

function betterTeam(candidate: TeamAssessment, current: TeamAssessment): boolean {
  if (Math.abs(candidate.penalty - current.penalty) > EPSILON) return candidate.penalty < current.penalty;
  return candidate.score > current.score + EPSILON;
}

function improveBySwaps(model: ClassModel, start: Arrangement, rng: RandomGenerator): Arrangement {
  const { teams, assessments } = start;
  const teamOf: number[] = [];
  for (const [team, members] of teams.entries()) for (const member of members) teamOf[member] = team;
  let current = objective(start);
  // A pass tries the swaps that involve a team changed since the pass before: one between two
  // unchanged teams was turned down then. It may be worth it now that other teams have changed
  // (the lowest score moved), so the search ends only on a pass over every pair that keeps none.
  let changed = new Uint8Array(teams.length).fill(1);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const everyPair = changed.every((flag) => flag === 1);
    const changing = new Uint8Array(teams.length);
    let kept = 0;
    const tried = new Uint8Array(model.students.length);
    for (const student of shuffled(model.students.length, rng)) {
      tried[student] = 1;
      for (let other = 0; other < model.students.length; other++) {
        const from = teamOf[student] ?? 0;
        const to = teamOf[other] ?? 0;
        if (from === to || tried[other]) continue;
        if (!changed[from] && !changed[to] && !changing[from] && !changing[to]) continue;
        const fromTeam = swapIn(teams[from] ?? [], student, other);
        const toTeam = swapIn(teams[to] ?? [], other, student);
        const fromAssessment = assessTeam(model, fromTeam);
        const toAssessment = assessTeam(model, toTeam);
        const swapped = swappedObjective(assessments, current, from, to, fromAssessment, toAssessment);
        if (!better(swapped, current)) continue;
        teams[from] = fromTeam;
        teams[to] = toTeam;
        assessments[from] = fromAssessment;
        assessments[to] = toAssessment;
        teamOf[student] = to;
        teamOf[other] = from;
        current = swapped;
        changing[from] = changing[to] = 1;
        kept++;
      }
    }
    if (kept === 0 && everyPair) break;
    changed = kept > 0 ? changing : changing.fill(1);
  }
  return { teams, assessments };
}

/** A copy of `team` with `leaving` replaced by `joining`. */
function swapIn(team: readonly number[], leaving: number, joining: number): number[] {
  const swapped = team.slice();
  swapped[swapped.indexOf(leaving)] = joining;
  return swapped;
}

/** The objective once teams `from` and `to` are replaced by their swapped versions. */
function swappedObjective(
  assessments: readonly TeamAssessment[],
  current: Objective,
  from: number,
  to: number,
  fromAssessment: TeamAssessment,
  toAssessment: TeamAssessment,
): Objective {
  const fromBefore = assessments[from];
  const toBefore = assessments[to];
  const penalty =
    current.penalty +
    fromAssessment.penalty +
    toAssessment.penalty -
    (fromBefore?.penalty ?? 0) -
    (toBefore?.penalty ?? 0);
  const sum =
    current.sum +
    fromAssessment.score +
    toAssessment.score -
    (fromBefore?.score ?? 0) -
    (toBefore?.score ?? 0);
  let min = Math.min(fromAssessment.score, toAssessment.score);
  for (let team = 0; team < assessments.length; team++) {
    const score = assessments[team]?.score ?? 1;
    if (score < min && team !== from && team !== to) min = score;
  }
  return { penalty, min, sum };
}

function formation(
  model: ClassModel,
  teams: readonly number[][],
  note: string | undefined,
  ordered = true,
): TeamFormation {
  // Members in the class's order, teams by their first member: the same teams read the same.
  const sorted = ordered
    ? teams.map((team) => [...team].sort((a, b) => a - b)).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))
    : teams;
  const formed = sorted.map((team) => {
    const assessment = assessTeam(model, team);
    return {
      members: team.map((member) => model.students[member]?.id ?? -1),
      score: assessment.score,
      lowered: loweredBy(model, assessment),
    };
  });
  const scores = formed.map((team) => team.score);
  return {
    teams: formed,
    score: {
      min: scores.length ? Math.min(...scores) : 0,
      mean: scores.length ? scores.reduce((sum, score) => sum + score, 0) / scores.length : 0,
    },
    ...(note ? { note } : {}),
  };
}
