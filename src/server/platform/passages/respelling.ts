import { closestWord, respell, searchWords, type Vocabulary } from "../spelling/spelling.ts";
import type { PassageIndex } from "./passage-index.ts";
import type { PassageScope, WordCandidate } from "./passage-scope.ts";

/** The candidates of one typed word as a vocabulary (closestWord's), each word counted by its passages. */
function vocabularyOf(candidates: readonly WordCandidate[]): Vocabulary {
  const words = new Map(candidates.map((candidate) => [candidate.word, candidate.passages]));
  const byLength: Vocabulary["byLength"] = new Map();
  for (const [word, uses] of words) {
    byLength.set(word.length, [...(byLength.get(word.length) ?? []), { word, templates: uses }]);
  }
  return { words, byLength };
}

/**
 * The query with each word that the scope's texts do not hold (in any English form) replaced by
 * the closest word they hold: trigram-alike candidates from the word list (search_word, pg_trgm),
 * the closest within the edits the word's length allows (the templates' rule, platform/spelling/spelling.ts).
 * Undefined when no word was corrected. The candidates are the scope's words only, so a
 * correction never shows a word of an entry or document the caller may not read.
 */
export async function respellWithin(
  passages: PassageIndex,
  scope: PassageScope,
  query: string,
): Promise<string | undefined> {
  const typed = searchWords(query);
  if (typed.length === 0 || scope.owners.length === 0) return undefined;
  const candidates = await passages.wordsLike(scope, typed);
  const corrections = new Map<string, string>();
  for (const word of typed) {
    const alike = candidates.filter((candidate) => candidate.typed === word);
    if (alike.some((candidate) => candidate.sameStem)) continue;
    const closest = closestWord(word, vocabularyOf(alike));
    if (closest) corrections.set(word, closest);
  }
  return corrections.size > 0 ? respell(query, corrections) : undefined;
}
