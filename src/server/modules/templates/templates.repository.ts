import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { TemplateStatus } from "#shared/constants.ts";
import { type Database, selectRows } from "../../db/client.ts";
import type { Viewer } from "../../lib/policy.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { templatePolicy } from "./templates.policy.ts";
import {
  type NewTemplateRow,
  type TemplateRow,
  templateSeedTable,
  templateTable,
} from "./templates.table.ts";

export interface TemplateSearch {
  q?: string;
  discipline?: string;
  category?: string;
  difficulty?: string;
  pendingOnly?: boolean;
  featuredOnly?: boolean;
  limit: number;
}

/** A template as read back: without its search columns, with its author's name. */
export type TemplateRecord = Omit<TemplateRow, "searchText" | "searchVector"> & { authorName: string | null };

const columns = {
  id: templateTable.id,
  name: templateTable.name,
  description: templateTable.description,
  discipline: templateTable.discipline,
  category: templateTable.category,
  difficultyLevel: templateTable.difficultyLevel,
  status: templateTable.status,
  isFeatured: templateTable.isFeatured,
  estimatedDuration: templateTable.estimatedDuration,
  color: templateTable.color,
  icon: templateTable.icon,
  content: templateTable.content,
  learningOutcomes: templateTable.learningOutcomes,
  implementationTips: templateTable.implementationTips,
  authorId: templateTable.authorId,
  rejectionReason: templateTable.rejectionReason,
  reviewedBy: templateTable.reviewedBy,
  reviewedAt: templateTable.reviewedAt,
  createdAt: templateTable.createdAt,
  updatedAt: templateTable.updatedAt,
  authorName: facultyTable.name,
};

const equalsUnlessAll = (column: AnyPgColumn, value: string | undefined) =>
  value && value !== "all" ? eq(column, value) : undefined;

export function createTemplatesRepository(db: Database) {
  const selectWithAuthor = () =>
    db
      .select(columns)
      .from(templateTable)
      .leftJoin(facultyTable, eq(facultyTable.id, templateTable.authorId));

  return {
    /**
     * Full-text search (websearch syntax, stemmed; weighted name > discipline > description >
     * phases), best matches first. When the words match nothing, `respell` may name the search
     * with each unknown word corrected (templates.spelling.ts), which is tried next; when that
     * matches nothing either, a trigram match on the name takes over. `q` travels only as a bound
     * parameter.
     */
    async search(
      params: TemplateSearch,
      viewer: Viewer,
      respell: (q: string) => Promise<string | undefined> = async () => undefined,
    ) {
      const filters = [
        templatePolicy.readable(viewer),
        params.pendingOnly ? eq(templateTable.status, "pending") : undefined,
        params.featuredOnly
          ? and(eq(templateTable.isFeatured, true), eq(templateTable.status, "approved"))
          : undefined,
        equalsUnlessAll(templateTable.discipline, params.discipline),
        equalsUnlessAll(templateTable.category, params.category),
        equalsUnlessAll(templateTable.difficultyLevel, params.difficulty),
      ];
      // Rank and count on narrow rows, then read the whole records of the page only: sorting
      // thousands of full records (content, lists) cost a third of the time of a broad search.
      const run = async (match: SQL | undefined, rank: SQL = sql`0`) => {
        const page = db
          .select({
            id: templateTable.id,
            rank: sql<number>`${rank}`.as("rank"),
            isFeatured: templateTable.isFeatured,
            name: templateTable.name,
            total: sql<number>`(count(*) over ())::int`.as("total"),
          })
          .from(templateTable)
          .where(and(...filters, match))
          .orderBy(
            desc(sql`rank`),
            desc(templateTable.isFeatured),
            asc(templateTable.name),
            asc(templateTable.id),
          )
          .limit(params.limit)
          .as("page");
        const rows = await db
          .select({ ...columns, total: page.total })
          .from(page)
          .innerJoin(templateTable, eq(templateTable.id, page.id))
          .leftJoin(facultyTable, eq(facultyTable.id, templateTable.authorId))
          .orderBy(desc(page.rank), desc(page.isFeatured), asc(page.name), asc(page.id));
        return {
          rows: rows.map(({ total: _total, ...row }) => row as TemplateRecord),
          total: rows[0]?.total ?? 0,
        };
      };

      const q = params.q?.trim();
      if (!q) return run(undefined);
      const matching = (text: string) => {
        const query = sql`websearch_to_tsquery('english', ${text})`;
        return run(
          sql`${templateTable.searchVector} @@ ${query}`,
          sql`ts_rank_cd(${templateTable.searchVector}, ${query})`,
        );
      };
      const words = await matching(q);
      if (words.total > 0) return words;
      const respelt = await respell(q);
      if (respelt !== undefined && respelt !== q) {
        const corrected = await matching(respelt);
        if (corrected.total > 0) return corrected;
      }
      return run(sql`${q} <% ${templateTable.name}`, sql`word_similarity(${q}, ${templateTable.name})`);
    },

    /**
     * The words no template the viewer may read holds (after stemming): the ones a typo may be
     * in. Stop words ("the") are never among them.
     */
    async unmatchedWords(words: string[], viewer: Viewer): Promise<string[]> {
      if (words.length === 0) return [];
      const list = sql.join(
        words.map((word) => sql`${word}`),
        sql`, `,
      );
      const rows = await selectRows<{ word: string }>(
        db,
        sql`select word from unnest(array[${list}]::text[]) as searched(word)
            where numnode(plainto_tsquery('english', word)) > 0
              and not exists (
                select 1 from ${templateTable}
                where ${templateTable.searchVector} @@ plainto_tsquery('english', word)
                  and ${templatePolicy.readable(viewer) ?? sql`true`}
              )`,
      );
      return rows.map((row) => row.word);
    },

    /** The searchable text (name, discipline, description, lists) of each template the viewer may read. */
    async searchableTexts(viewer: Viewer): Promise<string[]> {
      const rows = await db
        .select({
          text: sql<string>`concat_ws(' ', ${templateTable.name}, replace(${templateTable.discipline}, '-', ' '), ${templateTable.description}, ${templateTable.searchText})`,
        })
        .from(templateTable)
        .where(templatePolicy.readable(viewer));
      return rows.map((row) => row.text);
    },

    /** The disciplines of the templates the viewer may read, alphabetically. */
    async disciplines(viewer: Viewer): Promise<string[]> {
      const rows = await db
        .selectDistinct({ discipline: templateTable.discipline })
        .from(templateTable)
        .where(templatePolicy.readable(viewer))
        .orderBy(asc(templateTable.discipline));
      return rows.map((row) => row.discipline);
    },

    /** The authors who have a template that is not approved (they see it in their searches). */
    async unapprovedAuthorIds(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ authorId: templateTable.authorId })
        .from(templateTable)
        .where(
          and(inArray(templateTable.status, ["pending", "rejected"]), isNotNull(templateTable.authorId)),
        );
      return rows.map((row) => row.authorId as number);
    },

    async findReadable(id: number, viewer: Viewer): Promise<TemplateRecord | undefined> {
      const [row] = await selectWithAuthor().where(
        and(eq(templateTable.id, id), templatePolicy.readable(viewer)),
      );
      return row as TemplateRecord | undefined;
    },

    async findManyReadable(ids: number[], viewer: Viewer): Promise<TemplateRecord[]> {
      const rows = await selectWithAuthor()
        .where(and(inArray(templateTable.id, ids), templatePolicy.readable(viewer)))
        .orderBy(asc(templateTable.name), asc(templateTable.id));
      return rows as TemplateRecord[];
    },

    async insert(values: NewTemplateRow): Promise<number> {
      const [row] = await db.insert(templateTable).values(values).returning({ id: templateTable.id });
      if (!row) throw new Error("insert returned no row");
      return row.id;
    },

    /** Changes the template when the viewer may change it (templates.policy.ts). */
    async update(id: number, viewer: Viewer, values: Partial<NewTemplateRow>): Promise<boolean> {
      const rows = await db
        .update(templateTable)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(templateTable.id, id), templatePolicy.writable(viewer)))
        .returning({ id: templateTable.id });
      return rows.length > 0;
    },

    /** An administrator's review: approve or reject (the route admits administrators only). */
    async setStatus(
      id: number,
      viewer: Viewer,
      status: TemplateStatus,
      values: Partial<NewTemplateRow>,
    ): Promise<boolean> {
      return this.update(id, viewer, { ...values, status });
    },

    async delete(id: number, viewer: Viewer): Promise<boolean> {
      const rows = await db
        .delete(templateTable)
        .where(and(eq(templateTable.id, id), templatePolicy.writable(viewer)))
        .returning({ id: templateTable.id });
      return rows.length > 0;
    },

    /** Inserts the library templates whose keys were never seeded; returns how many were added. */
    async seed(entries: Array<{ seedKey: string; values: NewTemplateRow }>): Promise<number> {
      const seeded = new Set(
        (await db.select({ seedKey: templateSeedTable.seedKey }).from(templateSeedTable)).map(
          (row) => row.seedKey,
        ),
      );
      const missing = entries.filter((entry) => !seeded.has(entry.seedKey));
      if (missing.length === 0) return 0;
      await db.transaction(async (tx) => {
        for (const entry of missing) {
          const [row] = await tx
            .insert(templateTable)
            .values(entry.values)
            .returning({ id: templateTable.id });
          await tx.insert(templateSeedTable).values({ seedKey: entry.seedKey, templateId: row?.id ?? null });
        }
      });
      return missing.length;
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
