import { type SQL, sql } from "drizzle-orm";
import type { Passage } from "#shared/domain/passages.ts";
import { MARK_START, MARK_STOP } from "#shared/domain/snippets.ts";
import { type Database, selectRows } from "../../db/client.ts";
import { SEMANTIC_SIMILARITY_FLOOR } from "../ai/embeddings.ts";
import { PASSAGE_TEXT_FOR_SEARCH } from "./passages.table.ts";

/**
 * At most this many of a person's matching passages are ranked: ranking reads each match, and a
 * word found in most of someone's passages (as good as a stop word) would otherwise cost a read of
 * all of them (decisions.md, "Search index").
 */
export const FULL_TEXT_RANKED = 1000;

/** How many times the asked number of passages the sign bits shortlist for the exact distance. */
export const SHORTLIST_FACTOR = 4;

/** Rows per INSERT when a source's passages are stored. */
const INSERT_BATCH = 100;

/** ts_headline's options: a few sentences around the matched words, marked with control characters. */
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_STOP}, MaxWords=40, MinWords=15, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/** What a passage belongs to (one column each on `passage` and `passage_embedding`). */
export type PassageSourceKind = "document" | "knowledge";

const SOURCE_COLUMN: Record<PassageSourceKind, string> = {
  document: "document_id",
  knowledge: "knowledge_entry_id",
};

/** One source's passages: a document or a knowledge entry, and its owner. */
export interface PassageSource {
  kind: PassageSourceKind;
  id: number;
  facultyId: number;
}

/**
 * Which passages a search reads: one kind of source, of these owners (`faculty_id`, which every
 * search filters on first), and, when given, only of the sources a subquery selects (`sources`:
 * a `select id from ...` of the source's table, e.g. the entries shared with an institution or
 * holding a tag).
 */
export interface PassageScope {
  kind: PassageSourceKind;
  owners: readonly number[];
  sources?: SQL | undefined;
}

/** How a query's words must match: as a web search (all words, "phrases", -exclusions), or any word (a question). */
export type PassageMatch = "web" | "any";

export interface RankedPassage {
  id: number;
  /** The source the passage belongs to (a document's or a knowledge entry's id). */
  sourceId: number;
  /** Full-text only: the passage's ts_rank_cd for the query. */
  rank?: number;
}

export interface PassageHeadline {
  id: number;
  headline: string;
  page: number | null;
  /** The passage's position among its source's (0-based). */
  passageIndex: number;
}

export interface PassageText {
  id: number;
  sourceId: number;
  passageIndex: number;
  content: string;
  page: number | null;
}

const column = (kind: PassageSourceKind, alias: string) => sql.raw(`${alias}.${SOURCE_COLUMN[kind]}`);

const idList = (ids: readonly (number | string)[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The rows of `alias` (passage or passage_embedding) a scope covers. */
function inScope(scope: PassageScope, alias: string): SQL {
  const source = column(scope.kind, alias);
  const owners =
    scope.owners.length === 1
      ? sql`${sql.raw(alias)}.faculty_id = ${scope.owners[0]}`
      : sql`${sql.raw(alias)}.faculty_id in (${idList(scope.owners)})`;
  const chosen = scope.sources ? sql` and ${source} in (${scope.sources})` : sql``;
  return sql`${owners} and ${source} is not null${chosen}`;
}

/** The tsquery of a search: websearch syntax, or any of the words (plainto's terms joined by OR). */
export const tsQuery = (query: string, match: PassageMatch = "web") =>
  match === "web"
    ? sql`websearch_to_tsquery('english', ${query})`
    : sql`replace(plainto_tsquery('english', ${query})::text, ' & ', ' | ')::tsquery`;

/**
 * The query ts_stat reads a source's words from (format's %1$s: the source's id): its passages
 * and, for a knowledge entry, its title and tags, parsed unstemmed ('simple') so that a suggestion
 * is a word as written.
 */
const WORDS_OF: Record<PassageSourceKind, string> = {
  document: "select to_tsvector('simple', content) from passage where document_id = %1$s",
  knowledge:
    "select to_tsvector('simple', content) from passage where knowledge_entry_id = %1$s " +
    "union all select to_tsvector('simple', title || ' ' || tags_text) from knowledge_entry where id = %1$s",
};

/** A word worth suggesting: three letters or more, no digit or punctuation (as searchWords reads a query). */
const SUGGESTIBLE = sql`char_length(word) >= 3 and word !~ '[[:digit:][:punct:]]'`;

/** Replaces a source's rows of the word list (search_word) with the words it holds now. */
async function refreshWords(db: Database, source: PassageSource): Promise<void> {
  const sourceColumn = sql.raw(SOURCE_COLUMN[source.kind]);
  await db.execute(sql`delete from search_word where ${sourceColumn} = ${source.id}`);
  await db.execute(
    sql`insert into search_word (faculty_id, ${sourceColumn}, word, passages)
        select ${source.facultyId}, ${source.id}, word, ndoc
        from ts_stat(format(${WORDS_OF[source.kind]}, ${source.id}::int))
        where ${SUGGESTIBLE}`,
  );
}

/** A word of a search and a word of the scope's texts alike in trigrams (pg_trgm's `%`). */
export interface WordCandidate {
  typed: string;
  word: string;
  /** Passages of the scope holding the word. */
  passages: number;
  /** Whether the two share their English stem ("kinetic", "kinetics"): the typed word is no typo. */
  sameStem: boolean;
}

/** pgvector's text form of a vector: `[0.1,0.2,...]`. */
export const vectorLiteral = (vector: readonly number[]) => `[${vector.join(",")}]`;

/**
 * The passage index on the `passage` table: full-text always, vectors where the
 * `embedding` column exists (migration 0011 adds it only with pgvector). Every read names its
 * owners (`faculty_id`) and its kind of source: documents or knowledge entries.
 */
export function createPassageIndex(db: Database) {
  let vectors: Promise<boolean> | undefined;

  return {
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

    /**
     * The words of the scope's sources alike in trigrams to each of `typed` (pg_trgm's `%`, on
     * the GIN trigram index of search_word): typo tolerance's candidates, of what the scope may read only.
     */
    async wordsLike(scope: PassageScope, typed: readonly string[]): Promise<WordCandidate[]> {
      if (typed.length === 0) return [];
      const rows = await selectRows<WordCandidate>(
        db,
        sql`select q.typed, w.word, sum(w.passages)::int as passages,
                   bool_or(plainto_tsquery('english', w.word)::text = plainto_tsquery('english', q.typed)::text) as "sameStem"
            from unnest(array[${idList(typed)}]::text[]) as q(typed)
            join search_word w on w.word % q.typed
            where ${inScope(scope, "w")}
            group by q.typed, w.word`,
      );
      return rows.map((row) => ({ ...row, passages: Number(row.passages) }));
    },

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

    /**
     * The English words (lexemes, stop words left out) of a question, as the passages' index reads
     * them.
     */
    async questionWords(question: string): Promise<string[]> {
      const rows = await selectRows<{ word: string }>(
        db,
        sql`select unnest(tsvector_to_array(to_tsvector('english', ${question}))) as word`,
      );
      return rows.map((row) => row.word);
    },

    /**
     * How many of the scope's passages there are, and for each word (a lexeme, as questionWords
     * gives it) how many of them hold it and which of the passages `ids` do.
     */
    async wordPresence(
      scope: PassageScope,
      ids: readonly number[],
      words: readonly string[],
    ): Promise<{ total: number; words: WordPresence[] }> {
      const [count] = await selectRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from passage p where ${inScope(scope, "p")}`,
      );
      const total = Number(count?.total ?? 0);
      if (words.length === 0 || total === 0) return { total, words: [] };
      const held = ids.length > 0 ? sql`p.id in (${idList(ids)})` : sql`false`;
      const rows = await selectRows<{ word: string; passages: number; holders: number[] | null }>(
        db,
        sql`select w.word,
                   count(p.id)::int as passages,
                   array_agg(p.id) filter (where ${held}) as holders
            from unnest(array[${sql.join(
              words.map((word) => sql`${word}`),
              sql`, `,
            )}]::text[]) as w(word)
            left join passage p
              on ${inScope(scope, "p")} and p.search_vector @@ quote_literal(w.word)::tsquery
            group by w.word`,
      );
      return {
        total,
        words: rows.map((row) => ({
          word: row.word,
          passages: Number(row.passages),
          holders: (row.holders ?? []).map(Number),
        })),
      };
    },
  };
}

/** A word of a question: in how many of a scope's passages it is, and which of the asked ones hold it. */
export interface WordPresence {
  word: string;
  passages: number;
  holders: number[];
}

export type PassageIndex = ReturnType<typeof createPassageIndex>;
