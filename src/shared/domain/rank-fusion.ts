// Reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009) for document search:
// several rankings of the same items become one, each item scoring the sum of 1 / (k + rank) over
// the rankings that hold it (rank from 1). Pure: no I/O.

/** The constant of the original paper and of the spec's search: k = 60. */
export const RRF_K = 60;

/**
 * Fuses rankings (each best first, no item twice in one) into one score per item, best first.
 * Items tie on score in the order they first appear in the rankings as given.
 */
export function reciprocalRankFusion<T>(
  rankings: ReadonlyArray<ReadonlyArray<T>>,
  k: number = RRF_K,
): Array<{ item: T; score: number }> {
  if (!(k >= 0)) throw new RangeError("k must be zero or more");
  const scores = new Map<T, number>();
  for (const ranking of rankings) {
    ranking.forEach((item, position) => {
      scores.set(item, (scores.get(item) ?? 0) + 1 / (k + position + 1));
    });
  }
  return [...scores].map(([item, score]) => ({ item, score })).sort((a, b) => b.score - a.score);
}

/**
 * Keeps each group's best item (the first met in `ranked`, which is best first), in order: one
 * passage per document, the document's score being its best passage's.
 */
export function bestPerGroup<T, G>(ranked: ReadonlyArray<T>, groupOf: (item: T) => G, limit: number): T[] {
  const seen = new Set<G>();
  const best: T[] = [];
  for (const item of ranked) {
    if (best.length >= limit) break;
    const group = groupOf(item);
    if (seen.has(group)) continue;
    seen.add(group);
    best.push(item);
  }
  return best;
}
