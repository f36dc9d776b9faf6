import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type Card, createEmptyCard, fsrs, type Grade, generatorParameters, State } from "ts-fsrs";
import { dueBeforeLaunch } from "#shared/domain/launch-schedule.ts";
import { FSRS_WEIGHTS, MASTERY_CURVE, MASTERY_HORIZON_DAYS } from "#shared/domain/mastery.ts";
import { formatInterval } from "#shared/domain/pivot-assets.ts";
import type { FsrsSnapshot, RetrievalItemRow } from "./pivot-assets.table.ts";

/**
 * The FSRS-6 parameters a schedule is graded with: null for FSRS's defaults (FSRS_WEIGHTS), else a
 * project's or a student's fitted ones (modules/scheduling-fit, docs/decisions/0062-fitted-scheduling.md).
 */
export type FsrsWeights = readonly number[] | null;

/**
 * FSRS through ts-fsrs (docs/decisions/0042-pivot-assets-scheduling-and-figures.md): the default FSRS-6
 * weights or fitted ones, no fuzz
 * (so a schedule is reproducible and testable), short-term learning steps on (1 min, 10 min), the
 * person's desired retention, a maximum interval of 100 years (ts-fsrs's default). Kept per
 * retention and parameters: fitted parameters are kept by the array's identity (the practice
 * catalogue holds one array per fit), so a review costs no lookup by value.
 */
const schedulers = new Map<number, ReturnType<typeof fsrs>>();
const fittedSchedulers = new WeakMap<readonly number[], Map<number, ReturnType<typeof fsrs>>>();
export function schedulerFor(desiredRetention: number, weights: FsrsWeights = null) {
  let byRetention = schedulers;
  if (weights) {
    byRetention = fittedSchedulers.get(weights) ?? new Map();
    fittedSchedulers.set(weights, byRetention);
  }
  let scheduler = byRetention.get(desiredRetention);
  if (!scheduler) {
    scheduler = fsrs(
      generatorParameters({
        w: [...(weights ?? FSRS_WEIGHTS)],
        request_retention: desiredRetention,
        enable_fuzz: false,
      }),
    );
    byRetention.set(desiredRetention, scheduler);
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

/** How a schedule is graded: the parameters in use and the project's launch (null: none ahead). */
export interface GradingRules {
  weights?: FsrsWeights;
  launch?: Date | null;
}

/**
 * The item's state after a grade at `now`, with the parameters in use; before a launch, its due
 * date aimed at it (dueBeforeLaunch, #shared/domain/launch-schedule.ts).
 */
export function review(
  row: FsrsColumns,
  rating: Grade,
  now: Date,
  desiredRetention: number,
  rules: GradingRules = {},
): FsrsColumns {
  const next = fromCard(schedulerFor(desiredRetention, rules.weights).next(toCard(row), now, rating).card);
  return aimAtLaunch(next, now, desiredRetention, rules);
}

/** A schedule just graded at `now`, its due date aimed at the launch (dueBeforeLaunch) when there is one. */
function aimAtLaunch(next: FsrsColumns, now: Date, desiredRetention: number, rules: GradingRules) {
  if (!rules.launch) return next;
  const weights = rules.weights ?? null;
  const due = dueBeforeLaunch({
    at: now,
    state: next.state,
    stability: next.stability,
    due: next.due,
    launch: rules.launch,
    retention: desiredRetention,
    weights: weights ?? FSRS_WEIGHTS,
  });
  if (due === next.due) return next;
  const days = Math.round((due.getTime() - now.getTime()) / 86_400_000);
  return { ...next, due, scheduledDays: days };
}

/**
 * Probability of recall now (the item's retrievability, not its mastery: just after a review it is
 * near 1 whatever the stability); 0 for an item never reviewed.
 */
export function retrievability(
  row: FsrsColumns,
  now: Date,
  desiredRetention: number,
  weights: FsrsWeights = null,
): number {
  if (row.state === State.New || !row.lastReview) return 0;
  const value = schedulerFor(desiredRetention, weights).get_retrievability(toCard(row), now, false);
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

/** What each grade would schedule from now, as the buttons show it ("Good · 3 d"), by the same rules as review. */
export function intervals(row: FsrsColumns, now: Date, desiredRetention: number, rules: GradingRules = {}) {
  const preview = schedulerFor(desiredRetention, rules.weights).repeat(toCard(row), now);
  const after = (grade: Grade) =>
    formatInterval(
      aimAtLaunch(fromCard(preview[grade].card), now, desiredRetention, rules).due.getTime() - now.getTime(),
    );
  return { again: after(1), hard: after(2), good: after(3), easy: after(4) };
}

export const STATE_NAMES = ["new", "learning", "review", "relearning"] as const;
