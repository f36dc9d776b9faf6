import { MASTERY_STYLES, type ReviewState } from "#client/lib/review-session.ts";
import type { MasteryColour } from "#shared/domain/pivot-assets.ts";
import type { StudentPracticeItem } from "#shared/schemas/student.ts";

/**
 * What a key does in a student's session: as the instructor's (Space or Enter reveals, 1 to 4
 * grade once the answer shows), and for a concept check the student first chooses an option with
 * A to D (or 1 to 4 before the answer shows); Space without a choice asks for one.
 */
export type PracticeKey = "reveal" | "choose-first" | { choose: number } | { grade: 1 | 2 | 3 | 4 } | null;

export function practiceKeyAction(
  key: string,
  state: ReviewState<StudentPracticeItem>,
  chosen: number | null,
): PracticeKey {
  const item = state.items[state.index];
  if (!item) return null;
  if (state.revealed) {
    if (key === "1" || key === "2" || key === "3" || key === "4")
      return { grade: Number(key) as 1 | 2 | 3 | 4 };
    return null;
  }
  const options = item.type === "concept-check" ? (item.options ?? []) : [];
  if (options.length > 0) {
    const letter = key.length === 1 ? key.toUpperCase().charCodeAt(0) - 65 : -1;
    const digit = /^[1-9]$/.test(key) ? Number(key) - 1 : -1;
    const index =
      letter >= 0 && letter < options.length ? letter : digit >= 0 && digit < options.length ? digit : -1;
    if (index >= 0) return { choose: index };
  }
  if (key === " " || key === "Enter")
    return options.length > 0 && chosen === null ? "choose-first" : "reveal";
  return null;
}

/** The option's letter: A, B, C... */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** A mastery colour in words, shown beside it (not colour alone): the shared words, capitalised. */
export const MASTERY_WORDS: Record<MasteryColour, string> = {
  green: capitalised(MASTERY_STYLES.green.words),
  amber: capitalised(MASTERY_STYLES.amber.words),
  red: capitalised(MASTERY_STYLES.red.words),
};
