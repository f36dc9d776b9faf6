import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.ts";
import type { Viewer } from "../lib/policy.ts";
import { facultyTable } from "../modules/faculty/faculty.table.ts";
import { templatePolicy } from "../modules/templates/templates.policy.ts";
import { type TemplateRow, templateTable } from "../modules/templates/templates.table.ts";

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

/** Templates read back whole, each with its author's name: search, one template, several. */
export function createTemplatesReadModel(db: Database) {
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
  };
}

export type TemplatesReadModel = ReturnType<typeof createTemplatesReadModel>;
