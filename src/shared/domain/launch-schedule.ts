import { forgetting_curve } from "ts-fsrs";

const DAY_MS = 24 * 60 * 60 * 1000;
/** ts-fsrs's review state (the learning and relearning steps are 1 and 3). */
const REVIEW_STATE = 2;

/** What FSRS scheduled for an item just graded, and what the launch asks of it. */
export interface LaunchAimInput {
  /** When the item was graded. */
  at: Date;
  /** Its state after the grade (ts-fsrs's: 2 = review). */
  state: number;
  /** Its stability after the grade, in days. */
  stability: number;
  /** The due date FSRS gave it. */
  due: Date;
  /** The project's launch (pacingOptions.launch), or null when it has none. */
  launch: Date | null;
  /** The recall the item must still have at the launch: the desired retention. */
  retention: number;
  /** The FSRS-6 parameters in use (their decay, w[20], shapes the forgetting curve). */
  weights: readonly number[];
}

/**
 * Target-date scheduling: the due date of an item graded before the project's launch, so that the
 * student still recalls it at the launch. FSRS's due date stays when it comes before the launch
 * (the student reviews the item then, and this rule runs again), when the predicted recall at the
 * launch (the forgetting curve of the parameters in use, from the stability just given) is at or
 * above the desired retention, and for an item in its learning or relearning steps (minutes apart:
 * they stay as they are). Otherwise (FSRS rounds intervals to whole days, so its due date can pass
 * the launch with the recall there already below the retention) the due date comes forward to the
 * last whole day after the grade that is not after the launch: reviewed then, the item's stability
 * only grows on a success, so its recall at the launch is at least the recall the launch is then
 * away from it. Never sooner than FSRS's minimum of 1 day: an item graded less than a day before the
 * launch keeps its due date.
 */
export function dueBeforeLaunch(input: LaunchAimInput): Date {
  const { at, state, stability, due, launch, retention, weights } = input;
  if (!launch || launch.getTime() <= at.getTime() || due.getTime() <= launch.getTime()) return due;
  if (state !== REVIEW_STATE) return due;
  const daysToLaunch = (launch.getTime() - at.getTime()) / DAY_MS;
  if (forgetting_curve(weights, daysToLaunch, stability) >= retention) return due;
  const wholeDays = Math.floor(daysToLaunch);
  if (wholeDays < 1) return due;
  return new Date(at.getTime() + wholeDays * DAY_MS);
}
