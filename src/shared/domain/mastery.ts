import { computeDecayFactor, default_w, forgetting_curve } from "ts-fsrs";

/**
 * Mastery, one definition for every screen and export (a student's Practice, Class progress, Pivot
 * Assets, its Mastery Analytics and the toolkit export): how durable the memory of an item is, not
 * how fresh. It is FSRS's predicted recall at a horizon after the item's last review, from the
 * stability the scheduler gave it, so one review (recall is near 100 % just after any review)
 * scores low and well-spaced successful reviews, which raise the stability, score higher.
 *
 * The horizon is 30 days after the last review: with a fixed horizon mastery depends on the
 * stability alone and does not move with the clock. Recall at a project's launch date is a second
 * figure, of launch readiness (launch-readiness.ts, docs/decisions/0064-launch-readiness.md).
 */
export const MASTERY_HORIZON_DAYS = 30;

/** What a mastery figure means, as its tooltip says it on every screen that shows one. */
export const MASTERY_MEANING =
  "Mastery is the predicted chance of recalling this 30 days after the last review, from the spaced-practice schedule. It grows with well-spaced reviews.";

/**
 * The FSRS-6 parameters of the scheduler (ts-fsrs's default weights; the server's scheduler is
 * built from these), whose forgetting curve mastery reads.
 */
export const FSRS_WEIGHTS: readonly number[] = default_w;

/** The forgetting curve R(t, S) = (1 + factor * t / S) ^ decay of FSRS_WEIGHTS (its decay is w[20]). */
export const MASTERY_CURVE = computeDecayFactor(FSRS_WEIGHTS);

/** The FSRS columns mastery reads: ts-fsrs's state (0 = new), the stability in days, the last review. */
export interface MasterySource {
  state: number;
  stability: number;
  lastReview: Date | null;
}

/**
 * An item's mastery: FSRS's predicted recall MASTERY_HORIZON_DAYS after its last review (ts-fsrs's
 * forgetting_curve), 0 for an item never reviewed. The SQL of the same figure is masterySql
 * (server, pivot-assets/scheduling.ts); a test holds the two together.
 */
export function itemMastery(item: MasterySource): number {
  if (item.state === 0 || item.lastReview === null || !(item.stability > 0)) return 0;
  const recall = forgetting_curve(FSRS_WEIGHTS, MASTERY_HORIZON_DAYS, item.stability);
  return Number.isFinite(recall) ? Math.min(1, Math.max(0, recall)) : 0;
}
