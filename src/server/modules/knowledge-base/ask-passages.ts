import type { WordPresence } from "../../platform/passages/passage-scope.ts";

/**
 * Words (English lexemes) that ask rather than say what is asked about ("tell me", "do students
 * need to know", "please explain"): left out of the question's words, as the stop words are.
 */
const ASKING_WORDS = new Set(["tell", "know", "explain", "describ", "pleas", "give", "want", "say", "mean"]);

/** A passage is offered as a source when it holds more than this share of a question's weight. */
export const ASK_MIN_SHARE = 0.5;

/** The words of a question that say what it is about. */
export const subjectWords = (words: readonly string[]) => [
  ...new Set(words.filter((word) => !ASKING_WORDS.has(word))),
];

/**
 * The passages that match a question: those holding more than half (ASK_MIN_SHARE) of the weight of its
 * words. A word weighs ln(1 + N / n), N the scope's passages and n those holding it, so a word
 * found in most passages ("students" in a teacher's notes) weighs little, and a word found in none
 * weighs most: a question about lab safety is not answered by a passage that shares only its
 * "students" with it.
 */
export function matchingPassages(presence: { total: number; words: readonly WordPresence[] }): Set<number> {
  const weightOf = (word: WordPresence) => Math.log(1 + presence.total / Math.max(word.passages, 1));
  const whole = presence.words.reduce((sum, word) => sum + weightOf(word), 0);
  if (whole === 0) return new Set();
  const held = new Map<number, number>();
  for (const word of presence.words) {
    for (const id of word.holders) held.set(id, (held.get(id) ?? 0) + weightOf(word));
  }
  return new Set([...held].filter(([, weight]) => weight / whole > ASK_MIN_SHARE).map(([id]) => id));
}
