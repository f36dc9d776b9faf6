// Typo tolerance of template search, word by word: a word of the search that matches no
// template is replaced by the closest word of the library, so "enzime kinetcs" searches "enzyme
// kinetics". Pure: the vocabulary comes from the library's texts, read by the repository.

/** The words of the library, each with the number of templates that use it, also by length. */
export interface Vocabulary {
  words: Map<string, number>;
  byLength: Map<number, Array<{ word: string; templates: number }>>;
}

/** Words as the search sees them: letters and digits; the rest separates them. */
const WORD = /[\p{L}\p{N}]+/gu;
const HAS_DIGIT = /\p{N}/u;
/** Shorter words are too close to too many others for a guess to help. */
const SHORTEST_WORD = 3;

/** How many letters may be wrong in a word of this length (insert, drop, change, swap two). */
export function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length < 6 ? 1 : 2;
}

const wordsOf = (text: string) =>
  (text.toLowerCase().match(WORD) ?? []).filter(
    (word) => word.length >= SHORTEST_WORD && !HAS_DIGIT.test(word),
  );

/** The vocabulary of a library: one text per template (name, discipline, description, lists). */
export function buildVocabulary(texts: Iterable<string>): Vocabulary {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of new Set(wordsOf(text))) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const byLength: Vocabulary["byLength"] = new Map();
  for (const [word, templates] of counts) {
    const sameLength = byLength.get(word.length) ?? [];
    sameLength.push({ word, templates });
    byLength.set(word.length, sameLength);
  }
  return { words: counts, byLength };
}

/** The distinct words of a search that a typo could be in (not the websearch operator "or"). */
export function searchWords(q: string): string[] {
  return [...new Set(wordsOf(q))].filter((word) => word !== "or" && allowedEdits(word.length) > 0);
}

/**
 * Edits between two words (optimal string alignment: insert, drop, change one letter, swap two
 * neighbours), or `max + 1` as soon as it is clearly more than `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + change);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      row.push(value);
      smallest = Math.min(smallest, value);
    }
    if (smallest > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length] ?? max + 1;
}

/**
 * The library word closest to `word`, within the edits its length allows; between equally close
 * words, one with the same first letter (typos rarely hit it), then the most used, then the
 * first alphabetically. Undefined when the library holds the word itself or none is close enough.
 */
export function closestWord(word: string, vocabulary: Vocabulary): string | undefined {
  if (vocabulary.words.has(word)) return undefined;
  const max = allowedEdits(word.length);
  let best: { word: string; score: [number, number, number] } | undefined;
  for (let length = word.length - max; length <= word.length + max; length += 1) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      const distance = editDistance(word, candidate.word, max);
      if (distance > max) continue;
      const score: [number, number, number] = [
        distance,
        candidate.word[0] === word[0] ? 0 : 1,
        -candidate.templates,
      ];
      if (!best || compareScores(score, best.score, candidate.word, best.word) < 0) {
        best = { word: candidate.word, score };
      }
    }
  }
  return best?.word;
}

function compareScores(
  a: [number, number, number],
  b: [number, number, number],
  aWord: string,
  bWord: string,
): number {
  for (let index = 0; index < a.length; index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return aWord.localeCompare(bWord);
}

/** The search with each corrected word replaced; quotes, "-" and "or" stay as they were. */
export function respell(q: string, corrections: ReadonlyMap<string, string>): string {
  return q.replace(WORD, (word) => corrections.get(word.toLowerCase()) ?? word);
}
