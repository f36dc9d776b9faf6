import { bestPerGroup, reciprocalRankFusion } from "#shared/domain/rank-fusion.ts";
import { markedSnippet, plainSnippet } from "#shared/domain/snippets.ts";
import type { KnowledgeHit, KnowledgeSearchQuery } from "#shared/schemas/knowledge-base.ts";
import type { Caller } from "../../lib/access.ts";
import type { PassageIndex } from "../../platform/passages/passage-index.ts";
import type { RankedPassage } from "../../platform/passages/passage-scope.ts";
import { honouringTerms, meaningText } from "../../platform/passages/query-terms.ts";
import type { QueryVector } from "../../platform/passages/query-vector.ts";
import { respellWithin } from "../../platform/passages/respelling.ts";
import { searchWords } from "../../platform/spelling/spelling.ts";
import { toSummary } from "./knowledge-base.presenter.ts";
import type { EntryFilters, KnowledgeRepository } from "./knowledge-base.repository.ts";
import { CANDIDATES, scopeOf } from "./knowledge-base.scope.ts";

/** The distinct entries of a passage ranking, in order, and each one's best passage. */
function byEntry(ranking: readonly RankedPassage[]) {
  const best = new Map<number, number>();
  for (const passage of ranking) if (!best.has(passage.sourceId)) best.set(passage.sourceId, passage.id);
  return { entries: [...best.keys()], best };
}

/** A search's hits, and the respelt query they were found by when the query as typed found nothing. */
export interface KnowledgeSearchAnswer {
  hits: KnowledgeHit[];
  correctedQuery: string | null;
}

/**
 * One full-text ranking of entries: each entry's title-and-tags rank (weights A 1.0 and B 0.4 of
 * ts_rank_cd) plus its best passage's (body text, weight D 0.1), best first. A word in a title
 * outweighs the same word in a body; both together outweigh either.
 */
export function lexicalRanking(
  labels: ReadonlyArray<{ id: number; rank: number }>,
  passages: readonly RankedPassage[],
): number[] {
  const score = new Map<number, number>();
  for (const label of labels) score.set(label.id, label.rank);
  const seen = new Set<number>();
  for (const passage of passages) {
    if (seen.has(passage.sourceId)) continue;
    seen.add(passage.sourceId);
    score.set(passage.sourceId, (score.get(passage.sourceId) ?? 0) + (passage.rank ?? 0));
  }
  return [...score].sort((a, b) => b[1] - a[1] || b[0] - a[0]).map(([id]) => id);
}

/** Knowledge search (spec B): the ranking of a scope's entries for a query. */
export function createKnowledgeSearch(deps: {
  knowledge: KnowledgeRepository;
  passages: PassageIndex;
  queryVector: QueryVector;
}) {
  const { knowledge, passages, queryVector } = deps;

  /**
   * Searches a scope: entries whose title or tags match (weighted A and B),
   * passages that match (full-text, ts_rank_cd) and, when semantic search is on, passages near
   * the query's embedding (above SEMANTIC_SIMILARITY_FLOOR), fused by reciprocal rank fusion
   * (k = 60) into one ranking of entries; an entry matched by its title and its body beats one
   * matched by its body alone. The query's -exclusions and "phrases" then hold for each entry as
   * a whole, whichever ranking found it. When the words as typed match nothing, each word the
   * scope's texts do not hold is respelt to the closest word they hold (the answer says so);
   * when that matches nothing either, titles and tags are compared by trigram similarity. A
   * blank query finds nothing.
   */
  return async function search(caller: Caller, input: KnowledgeSearchQuery): Promise<KnowledgeSearchAnswer> {
    const typed = input.query.trim();
    if (!typed) return { hits: [], correctedQuery: null };
    const filters: EntryFilters = { tags: input.tags, fileTypes: input.fileType };
    const { shared, owners, passageScope } = await scopeOf(knowledge, caller, input.scope, filters);
    if (owners.length === 0) return { hits: [], correctedQuery: null };

    const lexical = (text: string) =>
      Promise.all([
        knowledge.labelMatches(owners, shared, filters, text, CANDIDATES),
        passages.fullText(passageScope, text, CANDIDATES),
      ]);
    const vectorOf = (text: string) => {
      const meaning = meaningText(text);
      return meaning ? queryVector(caller.id, meaning) : Promise.resolve(null);
    };
    let query = typed;
    let correctedQuery: string | null = null;
    let vectorOfQuery = vectorOf(query);
    let [labels, byWords] = await lexical(query);
    if (labels.length === 0 && byWords.length === 0) {
      const respelt = await respellWithin(passages, passageScope, query);
      if (respelt && respelt !== query) {
        const [respeltLabels, respeltWords] = await lexical(respelt);
        if (respeltLabels.length > 0 || respeltWords.length > 0) {
          [labels, byWords] = [respeltLabels, respeltWords];
          query = respelt;
          correctedQuery = respelt;
          // The typed words' embedding goes unused; its failure must not go unhandled.
          vectorOfQuery.catch(() => null);
          vectorOfQuery = vectorOf(respelt);
        }
      }
      if (labels.length === 0 && byWords.length === 0) {
        labels = await knowledge.fuzzyLabelMatches(owners, shared, filters, searchWords(query), CANDIDATES);
      }
    }
    const vector = await vectorOfQuery;
    const byMeaning = vector ? await passages.nearest(passageScope, vector, CANDIDATES) : [];
    const words = byEntry(byWords);
    const meaning = byEntry(byMeaning);
    const fused = reciprocalRankFusion(
      [lexicalRanking(labels, byWords), meaning.entries].filter((ranking) => ranking.length > 0),
    );
    const honoured = await honouringTerms(
      query,
      fused.map(({ item }) => item),
      async (ids, terms) => {
        const [byLabel, byPassage] = await Promise.all([
          knowledge.labelsMatching(ids, terms),
          passages.sourcesMatching(passageScope, ids, terms),
        ]);
        return new Set([...byLabel, ...byPassage]);
      },
    );
    const best = bestPerGroup(
      fused.filter(({ item }) => honoured.has(item)),
      ({ item }) => item,
      input.limit,
    );
    if (best.length === 0) return { hits: [], correctedQuery: null };
    const passageOf = (entryId: number) => words.best.get(entryId) ?? meaning.best.get(entryId);
    const passageIds = best.flatMap(({ item }) => {
      const passage = passageOf(item);
      return passage === undefined ? [] : [passage];
    });
    const [headlines, rows] = await Promise.all([
      passages.headlines(passageScope, passageIds, query),
      knowledge.summaries(best.map(({ item }) => item)),
    ]);
    const headlineOf = new Map(headlines.map((headline) => [headline.id, headline]));
    const rowOf = new Map(rows.map((row) => [row.id, row]));
    const hits: KnowledgeHit[] = [];
    for (const { item, score } of best) {
      const row = rowOf.get(item);
      if (!row) continue;
      const passage = passageOf(item);
      const headline = passage === undefined ? undefined : headlineOf.get(passage);
      hits.push({
        ...toSummary({ ...row, ownerName: shared ? row.ownerName : null }),
        score,
        snippet: headline ? markedSnippet(headline.headline) : plainSnippet(row.content.slice(0, 240)),
        passageIndex: headline ? Number(headline.passageIndex) : null,
        page: headline?.page == null ? null : Number(headline.page),
        scope: input.scope,
      });
    }
    return { hits, correctedQuery };
  };
}
