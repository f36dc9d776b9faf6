import { MASTERY_STYLES } from "#client/lib/review-session.ts";
import type { MasteryColour } from "#shared/domain/pivot-assets.ts";

/** The review card's keys (shared with the instructor's review), under the name the practice tests use. */
export { cardKeyAction as practiceKeyAction, optionLetter } from "#client/lib/review-session.ts";

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** A mastery colour in words, shown beside it (not colour alone): the shared words, capitalised. */
export const MASTERY_WORDS: Record<MasteryColour, string> = {
  green: capitalised(MASTERY_STYLES.green.words),
  amber: capitalised(MASTERY_STYLES.amber.words),
  red: capitalised(MASTERY_STYLES.red.words),
};
