import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type Card, createEmptyCard, fsrs, type Grade, generatorParameters, State } from "ts-fsrs";
import { FSRS_WEIGHTS, MASTERY_CURVE, MASTERY_HORIZON_DAYS } from "#shared/domain/mastery.ts";
import { formatInterval } from "#shared/domain/pivot-assets.ts";
import type { FsrsSnapshot, RetrievalItemRow } from "./pivot-assets.table.ts";

/**
 * FSRS through ts-fsrs (docs/decisions/0042-pivot-assets-scheduling-and-figures.md): the default FSRS-6
 * weights, no fuzz
 * (so a schedule is reproducible and testable), short-term learning steps on (1 min, 10 min), the
 * person's desired retention, a maximum interval of 100 years (ts-fsrs's default).
 */
const schedulers = new Map<number, ReturnType<typeof fsrs>>();
export function schedulerFor(desiredRetention: number) {
  let scheduler = schedulers.get(desiredRetention);
  if (!scheduler) {
    scheduler = fsrs(
      generatorParameters({ w: FSRS_WEIGHTS, request_retention: desiredRetention, enable_fuzz: false }),
    );
    schedulers.set(desiredRetention, scheduler);
  }
  return scheduler;
}

/**
 * An item's mastery in SQL over a schedule's columns (the instructor's `retrieval_item` or a
 * student's `student_schedule`; a left join's nulls count as never reviewed): the same figure as
 * the shared itemMastery (#shared/domain/mastery.ts, which says what mastery means), FSRS's
 * forgetting curve at MASTERY_HORIZON_DAYS after the last review from the item's stability, 0 for
 * an item never reviewed. A test holds it against itemMastery and ts-fsrs. No clock in it: with a
 * fixed horizon it reads only the row, so the review write stays one cheap expression per item.
 */
export function masterySql(columns: {
  state: SQLWrapper;
  lastReview: SQLWrapper;
  stability: SQLWrapper;
}): SQL {
  const { decay, factor } = MASTERY_CURVE;
  const { state, lastReview, stability } = columns;
  return sql`case
    when ${state} is null or ${state} = 0 or ${lastReview} is null or ${stability} <= 0 then 0
    else power(1 + ${factor}::float8 * ${MASTERY_HORIZON_DAYS}::float8 / ${stability}, ${decay}::float8)
  end`;
}

/** The FSRS columns of an item row. */
export type FsrsColumns = Pick<
  RetrievalItemRow,
  | "due"
  | "stability"
  | "difficulty"
  | "elapsedDays"
  | "scheduledDays"
  | "learningSteps"
  | "reps"
  | "lapses"
  | "state"
  | "lastReview"
>;

export function toCard(row: FsrsColumns): Card {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    ...(row.lastReview ? { last_review: row.lastReview } : {}),
  };
}

export function fromCard(card: Card): FsrsColumns {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

export const newItemColumns = (now: Date): FsrsColumns => fromCard(createEmptyCard(now));

export const snapshot = (row: FsrsColumns): FsrsSnapshot => ({
  due: row.due.toISOString(),
  stability: row.stability,
  difficulty: row.difficulty,
  elapsedDays: row.elapsedDays,
  scheduledDays: row.scheduledDays,
  learningSteps: row.learningSteps,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state,
  lastReview: row.lastReview?.toISOString() ?? null,
});

export const fromSnapshot = (saved: FsrsSnapshot): FsrsColumns => ({
  ...saved,
  due: new Date(saved.due),
  lastReview: saved.lastReview ? new Date(saved.lastReview) : null,
});

/** The item's state after a grade at `now`. */
export const review = (row: FsrsColumns, rating: Grade, now: Date, desiredRetention: number) =>
  fromCard(schedulerFor(desiredRetention).next(toCard(row), now, rating).card);

/**
 * Probability of recall now (the item's retrievability, not its mastery: just after a review it is
 * near 1 whatever the stability); 0 for an item never reviewed.
 */
export function retrievability(row: FsrsColumns, now: Date, desiredRetention: number): number {
  if (row.state === State.New || !row.lastReview) return 0;
  const value = schedulerFor(desiredRetention).get_retrievability(toCard(row), now, false);
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

/** What each grade would schedule from now, as the buttons show it ("Good · 3 d"). */
export function intervals(row: FsrsColumns, now: Date, desiredRetention: number) {
  const preview = schedulerFor(desiredRetention).repeat(toCard(row), now);
  const after = (grade: Grade) => formatInterval(preview[grade].card.due.getTime() - now.getTime());
  return { again: after(1), hard: after(2), good: after(3), easy: after(4) };
}

export const STATE_NAMES = ["new", "learning", "review", "relearning"] as const;
