import {
  type ReviewAction as SessionAction,
  type ReviewState as SessionState,
  currentItem as sessionCurrentItem,
  emptyReview as sessionEmpty,
  reviewReducer as sessionReducer,
} from "#client/lib/review-session.ts";
import type { RetrievalItem } from "#shared/schemas/pivot-assets.ts";

export {
  cardKeyAction,
  GRADES,
  gradeButtons,
  isFinished,
  itemsReviewed,
  lastGraded,
  MASTERY_STYLES,
  masteryPercent,
  masteryStyle,
  type Rating,
  reviewSummary,
} from "#client/lib/review-session.ts";

/** The instructor's review session holds their own items. */
export type ReviewState = SessionState<RetrievalItem>;
export type ReviewAction = SessionAction<RetrievalItem>;
export const emptyReview: ReviewState = sessionEmpty;
export const reviewReducer: (state: ReviewState, action: ReviewAction) => ReviewState = sessionReducer;
export const currentItem: (state: ReviewState) => RetrievalItem | null = sessionCurrentItem;

/** A date of the API (ISO) as the person reads it; "Never" for none. */
export function shortDate(iso: string | null, locale?: string) {
  if (!iso) return "Never";
  return new Date(iso).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

/** Item difficulty (FSRS, 1 to 10) in words; "New" before the first review. */
export function difficultyLabel(difficulty: number | null) {
  if (difficulty === null) return "New";
  const rounded = Math.round(difficulty * 10) / 10;
  const word = difficulty < 4 ? "Easy" : difficulty < 7 ? "Medium" : "Hard";
  return `${word} (${rounded}/10)`;
}
