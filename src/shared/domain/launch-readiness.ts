import { computeDecayFactor } from "ts-fsrs";

/**
 * Launch readiness: whether a class holds its pivot concepts well enough to launch into
 * applications. Each student's predicted recall of a concept at the launch date is the mean, over
 * the concept's items, of FSRS's forgetting curve at the launch from each item's stability and last
 * review (0 for an item the student never reviewed). A concept needs review when the class's mean
 * recall is below the threshold, or when more than READINESS_MAX_SHARE_BELOW of the class is below
 * it (a mean can hide a fifth of the class who forgot).
 */

/** The share of the class below the threshold above which a concept needs review whatever its mean. */
export const READINESS_MAX_SHARE_BELOW = 0.2;
/** How many of the students who most need review the instructor sees. */
export const READINESS_STUDENTS_SHOWN = 10;

const DAY_MS = 86_400_000;

/** The forgetting curve R(t, S) = (1 + factor * t / S) ^ decay of a set of FSRS parameters (decay is w[20]). */
export const curveOf = (parameters: readonly number[]) => computeDecayFactor(parameters);

/** Predicted recall at `at` of an item last reviewed at `lastReview` with `stability` days; 0 if never reviewed. */
export function recallAt(
  item: { stability: number; lastReview: Date | null; reviewed: boolean },
  at: Date,
  curve: { decay: number; factor: number },
): number {
  if (!item.reviewed || !item.lastReview || !(item.stability > 0)) return 0;
  const days = Math.max(0, (at.getTime() - item.lastReview.getTime()) / DAY_MS);
  return Math.min(1, Math.max(0, (1 + (curve.factor * days) / item.stability) ** curve.decay));
}

export interface StudentRecall {
  studentId: number;
  name: string;
  /** Per concept (pivot card id), the student's mean predicted recall of its items at the launch. */
  recall: ReadonlyMap<number, number>;
}

export interface ConceptReadiness {
  pivotCardId: number;
  title: string;
  meanRecall: number;
  studentsBelow: number;
  shareBelow: number;
  ready: boolean;
}

export interface StudentNeed {
  studentId: number;
  name: string;
  meanRecall: number;
  /** The concepts this student is below the threshold on, lowest recall first. */
  concepts: Array<{ pivotCardId: number; title: string; recall: number }>;
}

export interface Readiness {
  concepts: ConceptReadiness[];
  ready: boolean;
  /** "Ready to launch" or "Review first: {concepts}". */
  verdict: string;
  /** Why, in one sentence with its numbers. */
  why: string;
  students: StudentNeed[];
}

const percent = (value: number) => `${Math.round(value * 100)} %`;
const listOf = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/** The class's readiness from each student's recall per concept (concepts with practice items only). */
export function readinessOf(
  concepts: ReadonlyArray<{ pivotCardId: number; title: string }>,
  students: readonly StudentRecall[],
  threshold: number,
): Readiness {
  const count = students.length;
  const figures: ConceptReadiness[] = concepts.map(({ pivotCardId, title }) => {
    let total = 0;
    let below = 0;
    for (const student of students) {
      const recall = student.recall.get(pivotCardId) ?? 0;
      total += recall;
      if (recall < threshold) below += 1;
    }
    const meanRecall = count === 0 ? 0 : total / count;
    const shareBelow = count === 0 ? 0 : below / count;
    return {
      pivotCardId,
      title,
      meanRecall,
      studentsBelow: below,
      shareBelow,
      ready: meanRecall >= threshold && shareBelow <= READINESS_MAX_SHARE_BELOW,
    };
  });
  const weak = figures.filter((concept) => !concept.ready).sort((a, b) => a.meanRecall - b.meanRecall);
  const ready = weak.length === 0;
  const describe = (concept: ConceptReadiness) =>
    `${concept.title} (mean ${percent(concept.meanRecall)}, ${concept.studentsBelow} of ${count} students below ${percent(threshold)})`;
  let why: string;
  if (ready) {
    const lowest = [...figures].sort((a, b) => a.meanRecall - b.meanRecall)[0];
    why = lowest
      ? `Every concept's predicted recall at the launch is at least ${percent(threshold)} on average with at most ${percent(READINESS_MAX_SHARE_BELOW)} of the class below it; the lowest is ${describe(lowest)}.`
      : "There are no concepts with practice items to check.";
  } else {
    why = `Predicted recall at the launch is below ${percent(threshold)} on average, or more than ${percent(READINESS_MAX_SHARE_BELOW)} of the class is below it, for ${listOf(weak.map(describe))}.`;
  }
  const titles = new Map(concepts.map((concept) => [concept.pivotCardId, concept.title]));
  const needs: StudentNeed[] = students
    .map((student) => {
      const own = concepts.map(({ pivotCardId }) => ({
        pivotCardId,
        title: titles.get(pivotCardId) ?? "",
        recall: student.recall.get(pivotCardId) ?? 0,
      }));
      return {
        studentId: student.studentId,
        name: student.name,
        meanRecall: own.length === 0 ? 0 : own.reduce((sum, concept) => sum + concept.recall, 0) / own.length,
        concepts: own.filter((concept) => concept.recall < threshold).sort((a, b) => a.recall - b.recall),
      };
    })
    .filter((student) => student.concepts.length > 0)
    .sort(
      (a, b) =>
        b.concepts.length - a.concepts.length || a.meanRecall - b.meanRecall || a.name.localeCompare(b.name),
    )
    .slice(0, READINESS_STUDENTS_SHOWN);
  return {
    concepts: figures,
    ready,
    verdict: ready ? "Ready to launch" : `Review first: ${listOf(weak.map((concept) => concept.title))}`,
    why,
    students: needs,
  };
}
