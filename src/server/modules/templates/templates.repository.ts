import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { TemplateStatus } from "#shared/constants.ts";
import { type Database, selectRows } from "../../db/client.ts";
import type { Viewer } from "../../lib/policy.ts";
import { templatePolicy } from "./templates.policy.ts";
import { type NewTemplateRow, templateSeedTable, templateTable } from "./templates.table.ts";

export function createTemplatesRepository(db: Database) {
  return {
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
