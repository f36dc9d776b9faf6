import { sql } from "drizzle-orm";
import type { Passage } from "#shared/domain/passages.ts";
import { MARK_START, MARK_STOP } from "#shared/domain/snippets.ts";
import { type Database, selectRows } from "../../db/client.ts";
import { PASSAGE_TEXT_FOR_SEARCH } from "./passages.table.ts";

/**
 * At most this many of a person's matching passages are ranked: ranking reads each match, and a
 * word found in most of someone's passages (as good as a stop word) would otherwise cost a read of
 * all of them (decisions.md, "Search index").
 */
export const FULL_TEXT_RANKED = 1000;

/** Rows per INSERT when a source's passages are stored. */
const INSERT_BATCH = 100;

/** ts_headline's options: a few sentences around the matched words, marked with control characters. */
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_STOP}, MaxWords=40, MinWords=15, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

export interface RankedPassage {
  id: number;
  /** The source the passage belongs to (a document, for now). */
  documentId: number;
}

export interface PassageHeadline {
  id: number;
  headline: string;
  page: number | null;
}

/** pgvector's text form of a vector: `[0.1,0.2,...]`. */
export const vectorLiteral = (vector: readonly number[]) => `[${vector.join(",")}]`;

/**
 * The passage index (issue 14 item 6) on the `passage` table: full-text always, vectors where the
 * `embedding` column exists (migration 0011 adds it only with pgvector). Every read is one
 * person's passages (`faculty_id`). Sources: documents now; issue 15 adds knowledge entries.
 */
export function createPassageIndex(db: Database) {
  let vectors: Promise<boolean> | undefined;

  return {
    /** Whether this database can hold embeddings (the column exists); asked once. */
    hasVectors(): Promise<boolean> {
      vectors ??= selectRows<{ present: boolean }>(
        db,
        sql`select exists (
              select 1 from information_schema.columns
              where table_schema = current_schema() and table_name = 'passage' and column_name = 'embedding'
            ) as present`,
      ).then(([row]) => row?.present === true);
      return vectors;
    },

    /**
     * Replaces a document's passages (and their embeddings, one per passage, when given) in one
     * transaction: a search sees the old passages or the new ones, never half.
     */
    async replaceDocument(
      document: { id: number; facultyId: number },
      passages: readonly Passage[],
      embeddings: readonly (readonly number[])[] | null,
    ): Promise<void> {
      if (embeddings && embeddings.length !== passages.length) {
        throw new Error("one embedding per passage is needed");
      }
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from passage where document_id = ${document.id}`);
        for (let start = 0; start < passages.length; start += INSERT_BATCH) {
          const rows = passages.slice(start, start + INSERT_BATCH).map((passage, offset) => {
            const base = sql`${document.facultyId}, ${document.id}, ${passage.index}, ${passage.text}, ${passage.offset}, ${passage.page}, ${passage.endPage}`;
            const embedding = embeddings?.[start + offset];
            return embeddings
              ? sql`(${base}, ${embedding ? vectorLiteral(embedding) : null}::vector)`
              : sql`(${base})`;
          });
          const columns = embeddings
            ? sql`(faculty_id, document_id, passage_index, content, char_offset, page_start, page_end, embedding)`
            : sql`(faculty_id, document_id, passage_index, content, char_offset, page_start, page_end)`;
          await tx.execute(sql`insert into passage ${columns} values ${sql.join(rows, sql`, `)}`);
        }
      });
    },

    async removeDocument(documentId: number): Promise<void> {
      await db.execute(sql`delete from passage where document_id = ${documentId}`);
    },

    async countForDocument(documentId: number): Promise<{ passages: number; embedded: number }> {
      const embedded = (await this.hasVectors()) ? sql`count(embedding)::int` : sql`0`;
      const [row] = await selectRows<{ passages: number; embedded: number }>(
        db,
        sql`select count(*)::int as passages, ${embedded} as embedded from passage where document_id = ${documentId}`,
      );
      return { passages: Number(row?.passages ?? 0), embedded: Number(row?.embedded ?? 0) };
    },

    /**
     * One person's document passages matching the words (websearch syntax), best first by
     * ts_rank_cd among the first FULL_TEXT_RANKED matches.
     */
    fullText(facultyId: number, query: string, limit: number): Promise<RankedPassage[]> {
      return selectRows<RankedPassage>(
        db,
        sql`with q as materialized (select websearch_to_tsquery('english', ${query}) as q),
            matched as materialized (
              select p.id, p.document_id, p.search_vector
              from passage p, q
              where p.faculty_id = ${facultyId} and p.document_id is not null and p.search_vector @@ q.q
              limit ${FULL_TEXT_RANKED}
            )
            select m.id, m.document_id as "documentId"
            from matched m, q
            order by ts_rank_cd(m.search_vector, q.q) desc, m.id
            limit ${limit}`,
      );
    },

    /** One person's embedded document passages nearest to a vector (cosine distance), exact. */
    nearest(facultyId: number, vector: readonly number[], limit: number): Promise<RankedPassage[]> {
      return selectRows<RankedPassage>(
        db,
        sql`select p.id, p.document_id as "documentId"
            from passage p
            where p.faculty_id = ${facultyId} and p.document_id is not null and p.embedding is not null
            order by p.embedding <=> ${vectorLiteral(vector)}::vector, p.id
            limit ${limit}`,
      );
    },

    /** The passages' headlines for the words (ts_headline, marked with MARK_START/MARK_STOP) and pages. */
    async headlines(facultyId: number, ids: readonly number[], query: string): Promise<PassageHeadline[]> {
      if (ids.length === 0) return [];
      return selectRows<PassageHeadline>(
        db,
        sql`select p.id, ts_headline('english', ${sql.raw(PASSAGE_TEXT_FOR_SEARCH.replace("content", "p.content"))}, websearch_to_tsquery('english', ${query}), ${HEADLINE_OPTIONS}) as headline,
                   p.page_start as page
            from passage p
            where p.faculty_id = ${facultyId} and p.id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
    },
  };
}

export type PassageIndex = ReturnType<typeof createPassageIndex>;
