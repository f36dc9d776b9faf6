// The parts of a web-search query (websearch_to_tsquery's syntax) that nearness cannot honour:
// `-word` and `-"phrase"` exclusions and "quoted phrases". Full-text search applies them within
// one passage; a search applies them again to each found source as a whole (honouringTerms), so
// that a source holding an excluded word, or lacking a phrase, is left out whichever ranking found
// it.

/** `-word` or `-"a phrase"`, at the start of the query or after white space. */
const EXCLUSION = /(?:^|\s)-("[^"]*"|[^\s"]+)/g;
/** A closed "quoted phrase". */
const PHRASE = /"[^"]*"/g;

const hasWords = (term: string) => term.replace(/"/g, "").trim().length > 0;

/** The words and "phrases" a web-search query excludes (`-word`), as a query matching any of them; or undefined. */
export function excludedTerms(query: string): string | undefined {
  const terms = [...query.matchAll(EXCLUSION)].map((match) => match[1] ?? "");
  const kept = terms.filter(hasWords);
  return kept.length > 0 ? kept.join(" or ") : undefined;
}

/** The query without its exclusions. */
const withoutExclusions = (query: string) => query.replace(EXCLUSION, " ");

/** The "quoted phrases" a query requires (not the excluded ones), each with its quotes. */
export function requiredPhrases(query: string): string[] {
  return [...new Set(withoutExclusions(query).match(PHRASE) ?? [])].filter(hasWords);
}

/**
 * What the query's embedding is made of: its words without the excluded ones, the quotes and the
 * operator "or" (an embedding of "-markov" would draw the query nearer to Markov, not away).
 */
export function meaningText(query: string): string {
  return withoutExclusions(query)
    .replace(/"/g, " ")
    .split(/\s+/)
    .filter((word) => word.length > 0 && word.toLowerCase() !== "or")
    .join(" ");
}

/**
 * The sources among `ids` that hold none of the query's excluded terms and every phrase it
 * quotes, anywhere in them; `holding(ids, query)` names those of `ids` that match a web-search
 * query somewhere (a passage, or a knowledge entry's title and tags).
 */
export async function honouringTerms(
  query: string,
  ids: readonly number[],
  holding: (ids: readonly number[], query: string) => Promise<ReadonlySet<number>>,
): Promise<Set<number>> {
  let kept = [...new Set(ids)];
  const excluded = excludedTerms(query);
  if (excluded && kept.length > 0) {
    const out = await holding(kept, excluded);
    kept = kept.filter((id) => !out.has(id));
  }
  for (const phrase of requiredPhrases(query)) {
    if (kept.length === 0) break;
    const holds = await holding(kept, phrase);
    kept = kept.filter((id) => holds.has(id));
  }
  return new Set(kept);
}
