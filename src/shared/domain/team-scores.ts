// The score of one team, 0..1, and what lowered it: the measure team formation maximises
// (team-formation.ts) and the one a manual edit is re-scored with.
//
// - Each criterion scores 0..1 from the spread of the answers of the members who gave one
//   (a student without an answer is neutral: left out). "similar" scores 1 − spread, "diverse"
//   scores the spread. Spreads, each normalised so that 1 is the widest the team's answers can be:
//   - scale: the standard deviation over the largest one k answers can have on the scale
//     (half at each end: width × √(⌊k/2⌋·⌈k/2⌉) / k); the scale's ends are the criterion's, or the
//     class's lowest and highest answers;
//   - choice: the share of member pairs who answered differently, over the largest share k answers
//     can reach with the options the class used (answers spread as evenly as possible);
//   - multi: the mean Jaccard distance (1 − |A∩B| / |A∪B|) between members' sets, pair by pair:
//     1 when no two members share an item, 0 when all chose the same items (two empty sets: 0).
//   Deviations and pair counts rather than ranges or a coverage count: moving one answer moves the
//   score, so the swaps have a slope to climb; Jaccard serves both modes of a multi criterion.
//   Fewer than two answers (or a class that used one option only) leave the criterion out of that
//   team's score. The team's criteria score is their weighted mean; 1 when none applies.
//   What lowered a score names each criterion under 0.75 (a quarter or more lost).
// - Constraints are penalties, each named: fewer time blocks in which every member is free than
//   `minSharedBlocks` (members without an availability are left out) cost half the score times the
//   shortfall's share; a single member of an under-represented group in a team of two or more costs
//   half. Score = criteria score × (1 − each penalty).
import type { Lowered } from "./team-formation.ts";

export type CriterionId = string;
export type SurveyAnswer = string | string[] | number;

export interface TeamStudent {
  id: number;
  /** By criterion id. An answer of the wrong kind counts as missing. */
  answers: Record<CriterionId, SurveyAnswer>;
  /** Indexes of the weekly time blocks the student is free in. */
  availability?: number[];
  underrepresented?: boolean;
}

export interface TeamCriterion {
  id: CriterionId;
  /** Names the criterion in what lowered a team's score; its id when absent. */
  label?: string;
  kind: "choice" | "multi" | "scale";
  mode: "similar" | "diverse";
  /** 0..5; 0 leaves the criterion out. */
  weight: number;
  scale?: { min: number; max: number };
}

export interface TeamConstraints {
  minSharedBlocks?: number;
  noLoneUnderrepresented?: boolean;
}

/** A team's score, its penalties and the parts they came from. */
export interface TeamAssessment {
  score: number;
  /** The sum of the penalties (0 when every constraint is met): the search lowers it first. */
  penalty: number;
  /** By criterion, in the class model's order; null when the criterion did not apply. */
  criterionScores: (number | null)[];
  /** Blocks in which every member with an availability is free; null when not checked. */
  sharedBlocks: number | null;
  loneUnderrepresented: boolean;
}

/** A criterion's spread over a team's members (indexes into the class), or null when it does not apply. */
type Spread = (members: readonly number[]) => number | null;

/** The class, read once into arrays the scoring runs over. */
export interface ClassModel {
  students: readonly TeamStudent[];
  criteria: readonly TeamCriterion[];
  spreads: Spread[];
  /** Availability as bit sets (32 blocks a word), null for a student who gave none. */
  blocks: (Uint32Array | null)[];
  /** Where sharedBlocks intersects a team's sets, so that trying a team allocates nothing. */
  sharedScratch: Uint32Array;
  underrepresented: boolean[];
  constraints: TeamConstraints;
}

/** A team whose score falls under this is told why for each criterion. */
const NAMED_BELOW = 0.75;
const PENALTY = 0.5;

export function classModel(
  students: readonly TeamStudent[],
  criteria: readonly TeamCriterion[],
  constraints: TeamConstraints,
): ClassModel {
  const used = criteria.filter((criterion) => criterion.weight > 0);
  const blocks = blockSets(students);
  return {
    students,
    criteria: used,
    spreads: used.map((criterion) => spreadOf(criterion, students)),
    blocks,
    sharedScratch: new Uint32Array(blocks.find((set) => set !== null)?.length ?? 0),
    underrepresented: students.map((student) => student.underrepresented === true),
    constraints,
  };
}

function spreadOf(criterion: TeamCriterion, students: readonly TeamStudent[]): Spread {
  const answers = students.map((student) => student.answers[criterion.id]);
  if (criterion.kind === "scale") {
    const values = Float64Array.from(answers, (answer) => (typeof answer === "number" ? answer : Number.NaN));
    const given = values.filter((value) => !Number.isNaN(value));
    const low = criterion.scale?.min ?? Math.min(...given);
    const high = criterion.scale?.max ?? Math.max(...given);
    return scaleSpread(values, high - low);
  }
  const options = new Map<string, number>();
  const index = (option: string) => {
    const known = options.get(option);
    if (known !== undefined) return known;
    options.set(option, options.size);
    return options.size - 1;
  };
  if (criterion.kind === "choice") {
    const values = Int32Array.from(answers, (answer) =>
      typeof answer === "string" || typeof answer === "number" ? index(String(answer)) : -1,
    );
    return choiceSpread(values, options.size);
  }
  const sets = answers.map((answer) =>
    Array.isArray(answer) ? Int32Array.from(new Set(answer.map(index))).sort() : null,
  );
  return multiSpread(sets);
}

function scaleSpread(values: Float64Array, width: number): Spread {
  return (members) => {
    let count = 0;
    let sum = 0;
    let sumOfSquares = 0;
    for (const member of members) {
      const value = values[member] ?? Number.NaN;
      if (Number.isNaN(value)) continue;
      count++;
      sum += value;
      sumOfSquares += value * value;
    }
    if (count < 2 || !(width > 0)) return null;
    const deviation = Math.sqrt(Math.max(0, sumOfSquares / count - (sum / count) ** 2));
    const half = Math.floor(count / 2);
    const widest = (width * Math.sqrt(half * (count - half))) / count;
    return Math.min(1, deviation / widest);
  };
}

function choiceSpread(values: Int32Array, optionCount: number): Spread {
  const counts = new Int32Array(optionCount);
  return (members) => {
    let count = 0;
    for (const member of members) {
      const option = values[member] ?? -1;
      if (option < 0) continue;
      count++;
      counts[option] = (counts[option] ?? 0) + 1;
    }
    // Σ count² over the options, emptying `counts` for the next team.
    let sumOfSquares = 0;
    for (const member of members) {
      const option = values[member] ?? -1;
      if (option < 0 || !counts[option]) continue;
      sumOfSquares += (counts[option] ?? 0) ** 2;
      counts[option] = 0;
    }
    const buckets = Math.min(optionCount, count);
    if (buckets < 2) return null;
    const even = Math.floor(count / buckets);
    const larger = count % buckets;
    const evenSumOfSquares = larger * (even + 1) ** 2 + (buckets - larger) * even ** 2;
    // Pairs answering differently = (count² − Σ count²) / 2; the halves cancel.
    return (count * count - sumOfSquares) / (count * count - evenSumOfSquares);
  };
}

function multiSpread(sets: (Int32Array | null)[]): Spread {
  // Every pair's distance once (a class of 300: 45,000 pairs), read back for each team tried.
  const count = sets.length;
  const distances = new Float64Array(count * count);
  for (let a = 0; a < count; a++) {
    const first = sets[a];
    for (let b = a + 1; b < count && first; b++) {
      const second = sets[b];
      if (second) distances[a * count + b] = distances[b * count + a] = jaccardDistance(first, second);
    }
  }
  return (members) => {
    let pairs = 0;
    let distance = 0;
    for (let a = 0; a < members.length; a++) {
      const first = members[a] ?? 0;
      if (!sets[first]) continue;
      for (let b = a + 1; b < members.length; b++) {
        const second = members[b] ?? 0;
        if (!sets[second]) continue;
        pairs++;
        distance += distances[first * count + second] ?? 0;
      }
    }
    return pairs === 0 ? null : distance / pairs;
  };
}

/** 1 − |A∩B| / |A∪B| over two sorted sets; 0 for two empty sets. */
function jaccardDistance(first: Int32Array, second: Int32Array): number {
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < first.length && j < second.length) {
    const a = first[i] ?? 0;
    const b = second[j] ?? 0;
    if (a === b) {
      shared++;
      i++;
      j++;
    } else if (a < b) i++;
    else j++;
  }
  const union = first.length + second.length - shared;
  return union === 0 ? 0 : 1 - shared / union;
}

function blockSets(students: readonly TeamStudent[]): (Uint32Array | null)[] {
  const highest = Math.max(-1, ...students.flatMap((student) => student.availability ?? []));
  const words = Math.floor(highest / 32) + 1;
  return students.map((student) => {
    if (!student.availability) return null;
    const set = new Uint32Array(words);
    for (const block of student.availability) {
      if (!Number.isInteger(block) || block < 0) continue;
      set[block >>> 5] = (set[block >>> 5] ?? 0) | (1 << (block & 31));
    }
    return set;
  });
}

function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Blocks in which every member who gave an availability is free; null when none gave one. */
function sharedBlocks(model: ClassModel, members: readonly number[]): number | null {
  const shared = model.sharedScratch;
  let given = false;
  for (const member of members) {
    const set = model.blocks[member];
    if (!set) continue;
    for (let word = 0; word < shared.length; word++)
      shared[word] = (given ? (shared[word] ?? 0) : ~0) & (set[word] ?? 0);
    given = true;
  }
  if (!given) return null;
  let count = 0;
  for (const word of shared) count += bitCount(word);
  return count;
}

export function assessTeam(model: ClassModel, members: readonly number[]): TeamAssessment {
  let weighted = 0;
  let weights = 0;
  const criterionScores: (number | null)[] = [];
  for (let index = 0; index < model.criteria.length; index++) {
    const criterion = model.criteria[index] as TeamCriterion;
    const spread = model.spreads[index]?.(members) ?? null;
    const score = spread === null ? null : criterion.mode === "similar" ? 1 - spread : spread;
    criterionScores.push(score);
    if (score === null) continue;
    weighted += criterion.weight * score;
    weights += criterion.weight;
  }
  let score = weights > 0 ? weighted / weights : 1;
  let penalty = 0;

  const asked = model.constraints.minSharedBlocks ?? 0;
  const shared = asked > 0 ? sharedBlocks(model, members) : null;
  if (shared !== null && shared < asked) {
    const cost = (PENALTY * (asked - shared)) / asked;
    score *= 1 - cost;
    penalty += cost;
  }
  let underrepresented = 0;
  for (const member of members) if (model.underrepresented[member]) underrepresented++;
  const loneUnderrepresented =
    model.constraints.noLoneUnderrepresented === true && underrepresented === 1 && members.length > 1;
  if (loneUnderrepresented) {
    score *= 1 - PENALTY;
    penalty += PENALTY;
  }
  return { score, penalty, criterionScores, sharedBlocks: shared, loneUnderrepresented };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

const LOWERED_MESSAGES: Record<TeamCriterion["kind"], Record<TeamCriterion["mode"], string>> = {
  scale: { similar: "spread where similar was asked", diverse: "alike where diverse was asked" },
  choice: {
    similar: "different answers where similar was asked",
    diverse: "the same answers where diverse was asked",
  },
  multi: {
    similar: "little overlap where similar was asked",
    diverse: "much overlap where diverse was asked",
  },
};

/**
 * What lowered a team's score, in plain words: the constraints it misses, then each criterion
 * scoring under 0.75 (a quarter or more lost), the largest weighted loss first.
 */
export function loweredBy(model: ClassModel, assessment: TeamAssessment): Lowered[] {
  const lowered: Lowered[] = [];
  const asked = model.constraints.minSharedBlocks ?? 0;
  const shared = assessment.sharedBlocks;
  if (shared !== null && shared < asked) {
    lowered.push({
      reason: "availability",
      message: `${shared === 0 ? "No shared time block" : `Only ${plural(shared, "shared time block")}`} (${asked} asked)`,
    });
  }
  if (assessment.loneUnderrepresented) {
    lowered.push({ reason: "underrepresented", message: "One member of an under-represented group alone" });
  }
  const losses = model.criteria
    .map((criterion, index) => ({ criterion, score: assessment.criterionScores[index] ?? null }))
    .filter((entry): entry is { criterion: TeamCriterion; score: number } => entry.score !== null)
    .filter((entry) => entry.score < NAMED_BELOW)
    .sort((a, b) => b.criterion.weight * (1 - b.score) - a.criterion.weight * (1 - a.score));
  for (const { criterion } of losses) {
    lowered.push({
      reason: criterion.id,
      message: `${criterion.label ?? criterion.id}: ${LOWERED_MESSAGES[criterion.kind][criterion.mode]}`,
    });
  }
  return lowered;
}
