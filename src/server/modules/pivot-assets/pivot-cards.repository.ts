import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { containing } from "../../lib/paging.ts";
import type { Viewer } from "../../lib/policy.ts";
import { pivotCardPolicy, pivotDisciplinePolicy } from "./pivot-assets.policy.ts";
import {
  type PivotCardRow,
  pivotCardTable,
  pivotDisciplineTable,
  pivotSettingTable,
} from "./pivot-assets.table.ts";

/** A card's own fields, as the service checked them. */
export type PivotCardValues = Omit<
  typeof pivotCardTable.$inferInsert,
  "id" | "facultyId" | "createdAt" | "updatedAt"
>;

/** The SQL of a person's cards, their own disciplines and their settings (pivot_card, pivot_discipline, pivot_setting). */
export function createPivotCardsRepository(db: Database) {
  return {
    /** The person's own disciplines, oldest first. */
    disciplines: (viewer: Viewer) =>
      db
        .select()
        .from(pivotDisciplineTable)
        .where(pivotDisciplinePolicy.readable(viewer))
        .orderBy(asc(pivotDisciplineTable.id)),

    async insertDiscipline(viewer: Viewer, value: string, label: string) {
      const [row] = await db
        .insert(pivotDisciplineTable)
        .values({ facultyId: viewer.id, value, label })
        .returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    /** The stored desired retention, or undefined when the person never set one. */
    async desiredRetention(viewer: Viewer): Promise<number | undefined> {
      const [row] = await db
        .select({ value: pivotSettingTable.desiredRetention })
        .from(pivotSettingTable)
        .where(eq(pivotSettingTable.facultyId, viewer.id));
      return row?.value;
    },

    async saveDesiredRetention(viewer: Viewer, value: number) {
      await db
        .insert(pivotSettingTable)
        .values({ facultyId: viewer.id, desiredRetention: value })
        .onConflictDoUpdate({ target: pivotSettingTable.facultyId, set: { desiredRetention: value } });
    },

    async card(viewer: Viewer, id: number): Promise<PivotCardRow | undefined> {
      const [row] = await db
        .select()
        .from(pivotCardTable)
        .where(and(eq(pivotCardTable.id, id), pivotCardPolicy.readable(viewer)));
      return row;
    },

    /** Cards newest first, of one discipline ("all": any) and matching a search in title, definition or misconceptions. */
    list: (viewer: Viewer, query: { q?: string | undefined; discipline?: string | undefined }) =>
      db
        .select()
        .from(pivotCardTable)
        .where(
          and(
            pivotCardPolicy.readable(viewer),
            query.discipline && query.discipline !== "all"
              ? eq(pivotCardTable.discipline, query.discipline)
              : undefined,
            query.q
              ? or(
                  ilike(pivotCardTable.title, containing(query.q)),
                  ilike(pivotCardTable.definition, containing(query.q)),
                  sql`${pivotCardTable.misconceptions}::text ilike ${containing(query.q)}`,
                )
              : undefined,
          ),
        )
        .orderBy(desc(pivotCardTable.createdAt), desc(pivotCardTable.id)),

    /** Every card oldest first (the progression, the exports). */
    inOrder: (viewer: Viewer) =>
      db
        .select()
        .from(pivotCardTable)
        .where(pivotCardPolicy.readable(viewer))
        .orderBy(asc(pivotCardTable.createdAt), asc(pivotCardTable.id)),

    /** The cards of these ids (title and discipline), only the person's. */
    labels: (viewer: Viewer, ids: readonly number[]) =>
      db
        .select({ id: pivotCardTable.id, title: pivotCardTable.title, discipline: pivotCardTable.discipline })
        .from(pivotCardTable)
        .where(and(inArray(pivotCardTable.id, [...ids]), pivotCardPolicy.readable(viewer))),

    /** Every card the person may change (title and discipline), oldest first: import's duplicate check. */
    writableLabels: (viewer: Viewer) =>
      db
        .select({ id: pivotCardTable.id, title: pivotCardTable.title, discipline: pivotCardTable.discipline })
        .from(pivotCardTable)
        .where(pivotCardPolicy.writable(viewer))
        .orderBy(asc(pivotCardTable.id)),

    insert: (viewer: Viewer, values: readonly PivotCardValues[], at: Date) =>
      db
        .insert(pivotCardTable)
        .values(values.map((value) => ({ ...value, facultyId: viewer.id, createdAt: at, updatedAt: at })))
        .returning(),

    async update(viewer: Viewer, id: number, values: Partial<PivotCardValues>, at: Date) {
      const [row] = await db
        .update(pivotCardTable)
        .set({ ...values, updatedAt: at })
        .where(and(eq(pivotCardTable.id, id), pivotCardPolicy.writable(viewer)))
        .returning();
      return row;
    },

    /** Whether a card was deleted (its examples and items go with it). */
    async delete(viewer: Viewer, id: number) {
      const rows = await db
        .delete(pivotCardTable)
        .where(and(eq(pivotCardTable.id, id), pivotCardPolicy.writable(viewer)))
        .returning({ id: pivotCardTable.id });
      return rows.length > 0;
    },
  };
}
export type PivotCardsRepository = ReturnType<typeof createPivotCardsRepository>;
