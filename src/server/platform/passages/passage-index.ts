import { sql } from "drizzle-orm";
import type { Passage } from "#shared/domain/passages.ts";
import { MARK_START, MARK_STOP } from "#shared/domain/snippets.ts";
import { type Database, selectRows } from "../../db/client.ts";
import { SEMANTIC_SIMILARITY_FLOOR } from "../ai/embeddings.ts";
import {
  column,
  idList,
  inScope,
  type PassageHeadline,
  type PassageMatch,
  type PassageScope,
  type PassageSource,
  type PassageSourceKind,
  type PassageText,
  type RankedPassage,
  SOURCE_COLUMN,
  tsQuery,
  vectorLiteral,
} from "./passage-scope.ts";
import { createPassageWords, refreshWords } from "./passage-words.ts";
import { PASSAGE_TEXT_FOR_SEARCH } from "./passages.table.ts";

/**
 * At most this many of a person's matching passages are ranked: ranking reads each match, and a
 * word found in most of someone's passages (as good as a stop word) would otherwise cost a read of
 * all of them (docs/decisions/0047-passage-index-and-document-search.md).
 */
export const FULL_TEXT_RANKED = 1000;

/** How many times the asked number of passages the sign bits shortlist for the exact distance. */
export const SHORTLIST_FACTOR = 4;

/** Rows per INSERT when a source's passages are stored. */
const INSERT_BATCH = 100;

/** ts_headline's options: a few sentences around the matched words, marked with control characters. */
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_STOP}, MaxWords=40, MinWords=15, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * The passage index on the `passage` table: full-text always, vectors where the
 * `embedding` column exists (migration 0011 adds it only with pgvector). Every read names its
 * owners (`faculty_id`) and its kind of source: documents or knowledge entries.
 */
export function createPassageIndex(db: Database) {
  let vectors: Promise<boolean> | undefined;

  return {
    ...createPassageWords(db),

    /** Whether this database can hold embeddings (the passage_embedding table exists); asked once. */
    hasVectors(): Promise<boolean> {
      vectors ??= selectRows<{ present: boolean }>(
        db,
        sql`select exists (
              select 1 from information_schema.tables
              where table_schema = current_schema() and table_name = 'passage_embedding'
            ) as present`,
      ).then(([row]) => row?.present === true);
      return vectors;
    },

    /**
     * Replaces a source's passages (and their embeddings, one per passage, when given) in one
     * transaction: a search sees the old passages or the new ones, never half.
     */
    async replace(
      source: PassageSource,
      passages: readonly Passage[],
      embeddings: readonly (readonly number[])[] | null,
    ): Promise<void> {
      if (embeddings && embeddings.length !== passages.length) {
        throw new Error("one embedding per passage is needed");
      }
      await db.transaction(async (tx) => {
        const sourceColumn = sql.raw(SOURCE_COLUMN[source.kind]);
        await tx.execute(sql`delete from passage where ${sourceColumn} = ${source.id}`);
        for (let start = 0; start < passages.length; start += INSERT_BATCH) {
          const batch = passages.slice(start, start + INSERT_BATCH);
          const rows = batch.map(
            (passage) =>
              sql`(${source.facultyId}, ${source.id}, ${passage.index}, ${passage.text}, ${passage.offset}, ${passage.page}, ${passage.endPage})`,
          );
          const inserted = await selectRows<{ id: number; position: number }>(
            tx as unknown as Database,
            sql`insert into passage (faculty_id, ${sourceColumn}, passage_index, content, char_offset, page_start, page_end)
                values ${sql.join(rows, sql`, `)}
                returning id, passage_index as position`,
          );
          if (!embeddings) continue;
          const vectors = inserted.flatMap(({ id, position }) => {
            const embedding = embeddings[Number(position)];
            return embedding
              ? [sql`(${id}, ${source.facultyId}, ${source.id}, ${vectorLiteral(embedding)}::vector)`]
              : [];
          });
          if (vectors.length === 0) continue;
          await tx.execute(
            sql`insert into passage_embedding (passage_id, faculty_id, ${sourceColumn}, embedding) values ${sql.join(vectors, sql`, `)}`,
          );
        }
        await refreshWords(tx as unknown as Database, source);
      });
    },

    /** Removes a source's passages (a knowledge entry keeps the words of its title and tags). */
    async remove(source: PassageSource): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from passage p where ${column(source.kind, "p")} = ${source.id}`);
        await refreshWords(tx as unknown as Database, source);
      });
    },

    /** Reads a source's words again (after a change of a knowledge entry's title or tags). */
    refreshWords: (source: PassageSource) => refreshWords(db, source),

    async count(kind: PassageSourceKind, id: number): Promise<{ passages: number; embedded: number }> {
      const embedded = (await this.hasVectors())
        ? sql`(select count(*)::int from passage_embedding e where ${column(kind, "e")} = ${id})`
        : sql`0`;
      const [row] = await selectRows<{ passages: number; embedded: number }>(
        db,
        sql`select count(*)::int as passages, ${embedded} as embedded from passage p where ${column(kind, "p")} = ${id}`,
      );
      return { passages: Number(row?.passages ?? 0), embedded: Number(row?.embedded ?? 0) };
    },

    /**
     * The scope's passages matching the words (websearch syntax, or any word), best first by
     * ts_rank_cd among the first FULL_TEXT_RANKED matches.
     */
    fullText(
      scope: PassageScope,
      query: string,
      limit: number,
      match: PassageMatch = "web",
    ): Promise<RankedPassage[]> {
      return selectRows<RankedPassage>(
        db,
        sql`with q as materialized (select ${tsQuery(query, match)} as q),
            matched as materialized (
              select p.id, ${column(scope.kind, "p")} as source_id, p.search_vector
              from passage p, q
              where ${inScope(scope, "p")} and p.search_vector @@ q.q
              limit ${FULL_TEXT_RANKED}
            )
            select m.id, m.source_id as "sourceId", ts_rank_cd(m.search_vector, q.q) as rank
            from matched m, q
            order by rank desc, m.id
            limit ${limit}`,
      );
    },

    /**
     * The scope's embedded passages nearest to a vector (cosine distance). Two steps on
     * the narrow passage_embedding rows: ordered by the Hamming distance of their embeddings' sign
     * bits to the query's, the nearest SHORTLIST_FACTOR × limit of them then ordered by the exact
     * cosine distance (only their 6 KB vectors are read). The exact scan of all of a person's
     * vectors cost about 150 ms at 5,000 passages on PGlite; the shortlist keeps what the exact
     * order ranks first unless the sign bits misjudge a passage by more than the shortlist's margin.
     */
    nearest(scope: PassageScope, vector: readonly number[], limit: number): Promise<RankedPassage[]> {
      const literal = vectorLiteral(vector);
      return selectRows<RankedPassage>(
        db,
        sql`with shortlist as materialized (
              select e.passage_id
              from passage_embedding e
              where ${inScope(scope, "e")}
              order by e.bits <~> binary_quantize(${literal}::vector)::bit(1536), e.passage_id
              limit ${limit * SHORTLIST_FACTOR}
            )
            select e.passage_id as id, ${column(scope.kind, "e")} as "sourceId"
            from shortlist s join passage_embedding e on e.passage_id = s.passage_id
            where e.embedding <=> ${literal}::vector <= ${1 - SEMANTIC_SIMILARITY_FLOOR}
            order by e.embedding <=> ${literal}::vector, e.passage_id
            limit ${limit}`,
      );
    },

    /**
     * The sources among `sourceIds` (of the scope) that hold a passage matching the web-search
     * query: a search's exclusions and phrases checked on whole sources (query-terms.ts).
     */
    async sourcesMatching(
      scope: PassageScope,
      sourceIds: readonly number[],
      query: string,
    ): Promise<Set<number>> {
      if (sourceIds.length === 0) return new Set();
      const source = column(scope.kind, "p");
      const rows = await selectRows<{ sourceId: number }>(
        db,
        sql`select distinct ${source} as "sourceId"
            from passage p
            where ${inScope(scope, "p")} and ${source} in (${idList(sourceIds)})
              and p.search_vector @@ websearch_to_tsquery('english', ${query})`,
      );
      return new Set(rows.map((row) => Number(row.sourceId)));
    },

    /** The passages' headlines for the words (ts_headline, marked with MARK_START/MARK_STOP) and pages. */
    async headlines(scope: PassageScope, ids: readonly number[], query: string): Promise<PassageHeadline[]> {
      if (ids.length === 0) return [];
      return selectRows<PassageHeadline>(
        db,
        sql`select p.id, ts_headline('english', ${sql.raw(PASSAGE_TEXT_FOR_SEARCH.replace("content", "p.content"))}, websearch_to_tsquery('english', ${query}), ${HEADLINE_OPTIONS}) as headline,
                   p.page_start as page, p.passage_index as "passageIndex"
            from passage p
            where ${inScope(scope, "p")} and p.id in (${idList(ids)})`,
      );
    },

    /** The passages themselves (plain text, their place), of the scope only. */
    async texts(scope: PassageScope, ids: readonly number[]): Promise<PassageText[]> {
      if (ids.length === 0) return [];
      const rows = await selectRows<PassageText>(
        db,
        sql`select p.id, ${column(scope.kind, "p")} as "sourceId", p.passage_index as "passageIndex",
                   p.content, p.page_start as page
            from passage p
            where ${inScope(scope, "p")} and p.id in (${idList(ids)})`,
      );
      return rows.map((row) => ({
        ...row,
        passageIndex: Number(row.passageIndex),
        page: row.page === null ? null : Number(row.page),
      }));
    },
  };
}

export type PassageIndex = ReturnType<typeof createPassageIndex>;
