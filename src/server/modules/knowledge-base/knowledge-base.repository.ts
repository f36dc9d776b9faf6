import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Page } from "#shared/schemas/common.ts";
import {
  KNOWLEDGE_LIMITS,
  type KnowledgeFileType,
  type KnowledgeStatus,
} from "#shared/schemas/knowledge-base.ts";
import { type Database, selectRows } from "../../db/client.ts";
import type { Viewer } from "../../lib/policy.ts";
import { createKnowledgeBaseReadModel } from "../../read-models/knowledge-base.read-model.ts";
import { knowledgePolicy } from "./knowledge-base.policy.ts";
import {
  knowledgeEntryTable as entry,
  type KnowledgeEntryRow,
  type KnowledgeSummaryRow,
  knowledgeSummaryColumns,
  type NewKnowledgeEntryRow,
} from "./knowledge-base.table.ts";

/** The fields an edit may change (tags with their search text). */
export interface KnowledgeEntryChanges {
  title?: string;
  content?: string;
  tags?: string[];
  isPrivate?: boolean;
  status?: KnowledgeStatus;
  statusReason?: string | null;
}

const withTagsText = <T extends { tags?: string[] | undefined }>(values: T) =>
  values.tags === undefined ? values : { ...values, tagsText: values.tags.join(" ") };

/** Conditions of a search on entries: tags (every one given) and file types (any given). */
export interface EntryFilters {
  tags?: readonly string[] | undefined;
  fileTypes?: readonly KnowledgeFileType[] | undefined;
}

function filterConditions(filters: EntryFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.tags && filters.tags.length > 0) {
    conditions.push(
      sql`k.tags @> array[${sql.join(
        filters.tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  if (filters.fileTypes && filters.fileTypes.length > 0) {
    conditions.push(
      sql`k.file_type in (${sql.join(
        filters.fileTypes.map((type) => sql`${type}`),
        sql`, `,
      )})`,
    );
  }
  return conditions;
}

/** The entries (alias k) of these owners, only the shared ones when `shared`, narrowed by the filters. */
function scopeConditions(owners: readonly number[], shared: boolean, filters: EntryFilters): SQL[] {
  return [
    sql`k.faculty_id in (${sql.join(
      owners.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    ...(shared ? [sql`not k.is_private`] : []),
    ...filterConditions(filters),
  ];
}

export function createKnowledgeRepository(db: Database) {
  return {
    ...createKnowledgeBaseReadModel(db),
    async insert(
      row: Omit<NewKnowledgeEntryRow, "tagsText"> & { tags: string[] },
    ): Promise<KnowledgeEntryRow> {
      const [inserted] = await db.insert(entry).values(withTagsText(row)).returning();
      return inserted as KnowledgeEntryRow;
    },

    /** The viewer's entries, newest first. */
    async page(viewer: Viewer, query: { limit: number; offset: number }): Promise<Page<KnowledgeSummaryRow>> {
      const mine = knowledgePolicy.readable(viewer);
      const [items, [total]] = await Promise.all([
        db
          .select(knowledgeSummaryColumns)
          .from(entry)
          .where(mine)
          .orderBy(desc(entry.createdAt), desc(entry.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ value: count() }).from(entry).where(mine),
      ]);
      return {
        items: items.map((row) => ({ ...row, ownerName: null })),
        total: total?.value ?? 0,
      };
    },

    /** An entry the viewer may read (their own); undefined for anyone else's. */
    async findReadable(id: number, viewer: Viewer): Promise<KnowledgeEntryRow | undefined> {
      const [row] = await db
        .select()
        .from(entry)
        .where(and(eq(entry.id, id), knowledgePolicy.readable(viewer)))
        .limit(1);
      return row;
    },

    async findWritable(id: number, viewer: Viewer): Promise<KnowledgeEntryRow | undefined> {
      const [row] = await db
        .select()
        .from(entry)
        .where(and(eq(entry.id, id), knowledgePolicy.writable(viewer)))
        .limit(1);
      return row;
    },

    /** Any entry by id (for the indexing job, which acts for its owner). */
    async findById(id: number): Promise<KnowledgeEntryRow | undefined> {
      const [row] = await db.select().from(entry).where(eq(entry.id, id)).limit(1);
      return row;
    },

    /** Changes the viewer's entry; undefined when it is not theirs. */
    async update(id: number, viewer: Viewer, changes: KnowledgeEntryChanges, now: Date) {
      const [row] = await db
        .update(entry)
        .set({ ...withTagsText(changes), updatedAt: now })
        .where(and(eq(entry.id, id), knowledgePolicy.writable(viewer)))
        .returning();
      return row;
    },

    /** The pipeline's state; a failed entry has no passages left. */
    async setStatus(id: number, status: KnowledgeStatus, reason: string | null, now: Date) {
      await db
        .update(entry)
        .set({
          status,
          statusReason: reason,
          updatedAt: now,
          ...(status === "failed" ? { passageCount: 0 } : {}),
        })
        .where(eq(entry.id, id));
    },

    /** What the job stored: the passages' count and, for a file with text, that text as the content. */
    async setIndexed(id: number, values: { passageCount: number; content?: string }) {
      await db.update(entry).set(values).where(eq(entry.id, id));
    },

    async delete(id: number, viewer: Viewer): Promise<boolean> {
      const rows = await db
        .delete(entry)
        .where(and(eq(entry.id, id), knowledgePolicy.writable(viewer)))
        .returning({ id: entry.id });
      return rows.length > 0;
    },

    /**
     * The entries a search reads, as a subquery of ids: the owners' (one's own, or the colleagues'
     * shared ones) with the filters. Undefined when nothing narrows one's own entries.
     */
    sources(shared: boolean, filters: EntryFilters): SQL | undefined {
      const conditions = [...(shared ? [sql`not k.is_private`] : []), ...filterConditions(filters)];
      if (conditions.length === 0) return undefined;
      return sql`select k.id from knowledge_entry k where ${sql.join(conditions, sql` and `)}`;
    },

    /**
     * The scope's entries whose title or tags match the words (the entry-level index: title A,
     * tags B), best first, with their ts_rank_cd.
     */
    async labelMatches(
      owners: readonly number[],
      shared: boolean,
      filters: EntryFilters,
      query: string,
      limit: number,
    ): Promise<Array<{ id: number; rank: number }>> {
      if (owners.length === 0) return [];
      const conditions = scopeConditions(owners, shared, filters);
      const rows = await selectRows<{ id: number; rank: number }>(
        db,
        sql`select k.id, ts_rank_cd(k.search_vector, q) as rank
            from knowledge_entry k, websearch_to_tsquery('english', ${query}) q
            where ${sql.join(conditions, sql` and `)} and k.search_vector @@ q
            order by rank desc, k.id desc
            limit ${limit}`,
      );
      return rows.map((row) => ({ id: Number(row.id), rank: Number(row.rank) }));
    },

    /** The scope's entries whose title or tags hold a word like one of `words` (pg_trgm), most alike first. */
    async fuzzyLabelMatches(
      owners: readonly number[],
      shared: boolean,
      filters: EntryFilters,
      words: readonly string[],
      limit: number,
    ): Promise<Array<{ id: number; rank: number }>> {
      if (owners.length === 0 || words.length === 0) return [];
      const labels = sql`lower(k.title || ' ' || k.tags_text)`;
      const conditions = [
        ...scopeConditions(owners, shared, filters),
        sql`(${sql.join(
          words.map((word) => sql`${word} <% ${labels}`),
          sql` or `,
        )})`,
      ];
      const similarity = sql.join(
        words.map((word) => sql`word_similarity(${word}, ${labels})`),
        sql` + `,
      );
      const rows = await selectRows<{ id: number; rank: number }>(
        db,
        sql`select k.id, ${similarity} as rank from knowledge_entry k
            where ${sql.join(conditions, sql` and `)}
            order by rank desc, k.id desc
            limit ${limit}`,
      );
      return rows.map((row) => ({ id: Number(row.id), rank: Number(row.rank) }));
    },

    /** The entries among `ids` whose title or tags match a web-search query. */
    async labelsMatching(ids: readonly number[], query: string): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: entry.id })
        .from(entry)
        .where(
          and(
            inArray(entry.id, [...ids]),
            sql`${entry.searchVector} @@ websearch_to_tsquery('english', ${query})`,
          ),
        );
      return new Set(rows.map((row) => row.id));
    },

    /** The Stats and Filters panels of one person. */
    async stats(facultyId: number) {
      const [totals] = await selectRows<{ entries: number; storage: number; passages: number }>(
        db,
        sql`select count(*)::int as entries, coalesce(sum(file_size), 0)::bigint as storage,
                   coalesce(sum(passage_count), 0)::int as passages
            from knowledge_entry where faculty_id = ${facultyId}`,
      );
      const byType = await selectRows<{ fileType: KnowledgeFileType; count: number }>(
        db,
        sql`select file_type as "fileType", count(*)::int as count from knowledge_entry
            where faculty_id = ${facultyId} group by file_type order by count(*) desc, file_type`,
      );
      // The Tags filter offers the tags people gave: an uploaded file's automatic type tag (the
      // entry's own file type) is the Types filter's already.
      const tags = await selectRows<{ tag: string; count: number }>(
        db,
        sql`select tag, count(*)::int as count from knowledge_entry, unnest(tags) as tag
            where faculty_id = ${facultyId} and tag <> file_type
            group by tag order by count(*) desc, tag
            limit ${KNOWLEDGE_LIMITS.filterTags}`,
      );
      return {
        entries: Number(totals?.entries ?? 0),
        passages: Number(totals?.passages ?? 0),
        storageBytes: Number(totals?.storage ?? 0),
        byType: byType.map((row) => ({ fileType: row.fileType, count: Number(row.count) })),
        tags: tags.map((row) => ({ tag: row.tag, count: Number(row.count) })),
      };
    },
  };
}

export type KnowledgeRepository = ReturnType<typeof createKnowledgeRepository>;
