import { TZDate } from "@date-fns/tz";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { STUDENT_FIT_MIN_REVIEWS } from "#shared/schemas/pacing.ts";
import type { FitTask } from "./fit-protocol.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The share of the class's students whose reviews are held out (evaluated on, never fitted on). */
export const HELD_OUT_SHARE = 0.2;

/** A review of the log, in the order the student made them (student, item, time). */
export interface LoggedReview {
  studentId: number;
  itemId: number;
  rating: number;
  reviewedAt: Date;
  /** The student's time zone (null: UTC). */
  timeZone: string | null;
}

/** The calendar day (days since 1970-01-01) of an instant in a zone; UTC for an unknown zone. */
export function localDay(instant: Date, timeZone: string | null): number {
  let offsetMinutes = 0;
  if (timeZone) {
    try {
      offsetMinutes = -new TZDate(instant.getTime(), timeZone).getTimezoneOffset();
    } catch {
      offsetMinutes = 0;
    }
  }
  return Math.floor((instant.getTime() + offsetMinutes * 60_000) / DAY_MS);
}

/** Deals `count` positions out in a seeded order (Fisher-Yates with pure-rand's xoroshiro128+). */
function shuffled(count: number, seed: number): number[] {
  const order = Array.from({ length: count }, (_, index) => index);
  const rng = xoroshiro128plus(seed);
  for (let index = count - 1; index > 0; index -= 1) {
    const other = uniformInt(rng, 0, index);
    [order[index], order[other]] = [order[other] as number, order[index] as number];
  }
  return order;
}

interface Card {
  studentId: number;
  itemId: number;
  ratings: number[];
  /** Whole days since the card's previous review in the student's zone (0 for the first). */
  gaps: number[];
}

/** Builds a task: every prefix of each card with a review on a later day is an item (FSRS's training items). */
function taskOf(key: number, cards: readonly Card[], heldOut: (card: Card) => boolean): FitTask {
  const lengths: number[] = [];
  const ratings: number[] = [];
  const deltas: number[] = [];
  const held: number[] = [];
  for (const card of cards) {
    const out = heldOut(card) ? 1 : 0;
    let laterDay = false;
    for (let k = 1; k < card.ratings.length; k += 1) {
      if ((card.gaps[k] ?? 0) > 0) laterDay = true;
      if (!laterDay) continue;
      lengths.push(k + 1);
      held.push(out);
      for (let r = 0; r <= k; r += 1) {
        ratings.push(card.ratings[r] ?? 0);
        deltas.push(card.gaps[r] ?? 0);
      }
    }
  }
  return {
    key,
    lengths: Uint16Array.from(lengths),
    ratings: Uint8Array.from(ratings),
    deltas: Uint32Array.from(deltas),
    heldOut: Uint8Array.from(held),
  };
}

/** What a project's fit reads from its review log: the tasks for the child, and the counts. */
export interface FitInput {
  /** Long-term reviews (a day or more after the card's previous review) and the students who made them. */
  reviews: number;
  students: number;
  /** The class's pooled task (its held-out students' cards held out), then each student's own. */
  classTask: FitTask;
  heldOutStudents: number;
  studentTasks: FitTask[];
}

/**
 * The fit's data from a project's review log (sorted by student, item, time): each student's cards
 * with their day gaps in the student's zone; the class's students split (seeded by the project)
 * into HELD_OUT_SHARE held out and the rest fitted on (a split by student: the parameters serve
 * students the fit never saw, as a new class's will); a student with STUDENT_FIT_MIN_REVIEWS
 * long-term reviews of their own also gets a task of theirs, a fifth of their cards held out.
 */
export function fitInput(log: readonly LoggedReview[], seed: number): FitInput {
  const cards: Card[] = [];
  let card: Card | undefined;
  let lastDay = 0;
  const longTerm = new Map<number, number>();
  for (const review of log) {
    const day = localDay(review.reviewedAt, review.timeZone);
    if (!card || card.studentId !== review.studentId || card.itemId !== review.itemId) {
      card = { studentId: review.studentId, itemId: review.itemId, ratings: [], gaps: [] };
      cards.push(card);
      card.gaps.push(0);
    } else {
      const gap = Math.max(0, day - lastDay);
      card.gaps.push(gap);
      if (gap > 0) longTerm.set(review.studentId, (longTerm.get(review.studentId) ?? 0) + 1);
    }
    card.ratings.push(review.rating);
    lastDay = day;
  }
  const students = [...longTerm.keys()].sort((a, b) => a - b);
  const heldOutCount = students.length < 2 ? 0 : Math.max(1, Math.round(students.length * HELD_OUT_SHARE));
  const heldOut = new Set(
    shuffled(students.length, seed)
      .slice(0, heldOutCount)
      .map((index) => students[index]),
  );
  const classTask = taskOf(0, cards, (each) => heldOut.has(each.studentId));
  const studentTasks: FitTask[] = [];
  for (const studentId of students) {
    if ((longTerm.get(studentId) ?? 0) < STUDENT_FIT_MIN_REVIEWS) continue;
    const own = cards.filter((each) => each.studentId === studentId);
    const order = shuffled(own.length, seed + studentId);
    const held = new Set(
      order.slice(0, Math.max(1, Math.round(own.length * HELD_OUT_SHARE))).map((index) => own[index]),
    );
    studentTasks.push(taskOf(studentId, own, (each) => held.has(each)));
  }
  return {
    reviews: [...longTerm.values()].reduce((sum, count) => sum + count, 0),
    students: students.length,
    classTask,
    heldOutStudents: heldOutCount,
    studentTasks,
  };
}
