import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../../db/client.ts";
import {
  idList,
  inScope,
  type PassageScope,
  type PassageSource,
  type PassageSourceKind,
  SOURCE_COLUMN,
  type WordCandidate,
  type WordPresence,
} from "./passage-scope.ts";

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
export async function refreshWords(db: Database, source: PassageSource): Promise<void> {
  const sourceColumn = sql.raw(SOURCE_COLUMN[source.kind]);
  await db.execute(sql`delete from search_word where ${sourceColumn} = ${source.id}`);
  await db.execute(
    sql`insert into search_word (faculty_id, ${sourceColumn}, word, passages)
        select ${source.facultyId}, ${source.id}, word, ndoc
        from ts_stat(format(${WORDS_OF[source.kind]}, ${source.id}::int))
        where ${SUGGESTIBLE}`,
  );
}

/**
 * The passage index's word lists: a scope's words alike to a query's (typo tolerance), a
 * question's words, and which passages hold them (knowledge ask).
 */
export function createPassageWords(db: Database) {
  return {
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
