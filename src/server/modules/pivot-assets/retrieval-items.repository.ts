import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Viewer } from "../../lib/policy.ts";
import { retrievalItemPolicy } from "./pivot-assets.policy.ts";
import { pivotCardTable, type RetrievalItemRow, retrievalItemTable } from "./pivot-assets.table.ts";
import type { PivotCardValues } from "./pivot-cards.repository.ts";
import { type FsrsColumns, masterySql } from "./scheduling.ts";

/** An item's question fields (its schedule aside). */
export type ItemValues = Pick<RetrievalItemRow, "type" | "question" | "answer" | "options" | "correctIndex">;

/** An item with its card's title and discipline. */
export type ItemWithCard = RetrievalItemRow & { cardTitle: string; discipline: string };

export const itemColumns = {
  item: retrievalItemTable,
  cardTitle: pivotCardTable.title,
  discipline: pivotCardTable.discipline,
};
export const withCard = (rows: Array<{ item: RetrievalItemRow; cardTitle: string; discipline: string }>) =>
  rows.map(({ item, cardTitle, discipline }): ItemWithCard => ({ ...item, cardTitle, discipline }));

/** A new item: its card, its question and its first schedule. */
export type NewItem = { pivotCardId: number } & ItemValues & FsrsColumns;

/** The SQL of a person's retrieval items (retrieval_item, as questions; the schedule is instructor-schedule's). */
export function createRetrievalItemsRepository(db: Database) {
  const insertValues = (viewer: Viewer, items: readonly NewItem[], at: Date) =>
    items.map((item) => ({ ...item, facultyId: viewer.id, createdAt: at }));

  return {
    async item(viewer: Viewer, id: number): Promise<ItemWithCard | undefined> {
      const rows = await db
        .select(itemColumns)
        .from(retrievalItemTable)
        .innerJoin(pivotCardTable, eq(pivotCardTable.id, retrievalItemTable.pivotCardId))
        .where(and(eq(retrievalItemTable.id, id), retrievalItemPolicy.readable(viewer)));
      return withCard(rows)[0];
    },

    /** The first 500 items in due order, of one card when given. */
    async list(viewer: Viewer, pivotCardId: number | undefined) {
      const rows = await db
        .select(itemColumns)
        .from(retrievalItemTable)
        .innerJoin(pivotCardTable, eq(pivotCardTable.id, retrievalItemTable.pivotCardId))
        .where(
          and(
            retrievalItemPolicy.readable(viewer),
            pivotCardId ? eq(retrievalItemTable.pivotCardId, pivotCardId) : undefined,
          ),
        )
        .orderBy(asc(retrievalItemTable.due), asc(retrievalItemTable.id))
        .limit(500);
      return withCard(rows);
    },

    /** Every item in id order (the exports). */
    inOrder: (viewer: Viewer) =>
      db
        .select()
        .from(retrievalItemTable)
        .where(retrievalItemPolicy.readable(viewer))
        .orderBy(asc(retrievalItemTable.id)),

    /** The items of these cards (import's duplicate check). */
    ofCards: (viewer: Viewer, cardIds: readonly number[]) =>
      cardIds.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(retrievalItemTable)
            .where(
              and(
                inArray(retrievalItemTable.pivotCardId, [...cardIds]),
                retrievalItemPolicy.readable(viewer),
              ),
            ),

    insert: (viewer: Viewer, items: readonly NewItem[], at: Date) =>
      db
        .insert(retrievalItemTable)
        .values(insertValues(viewer, items, at))
        .returning(),

    /** Whether the item was changed. */
    async update(viewer: Viewer, id: number, values: { pivotCardId: number } & ItemValues) {
      const rows = await db
        .update(retrievalItemTable)
        .set(values)
        .where(and(eq(retrievalItemTable.id, id), retrievalItemPolicy.writable(viewer)))
        .returning({ id: retrievalItemTable.id });
      return rows.length > 0;
    },

    /** Whether the item was deleted. */
    async delete(viewer: Viewer, id: number) {
      const rows = await db
        .delete(retrievalItemTable)
        .where(and(eq(retrievalItemTable.id, id), retrievalItemPolicy.writable(viewer)))
        .returning({ id: retrievalItemTable.id });
      return rows.length > 0;
    },

    /**
     * Per card: its items, their reviews and mean mastery (masterySql: FSRS's predicted recall
     * MASTERY_HORIZON_DAYS after the last review, 0 for an item never reviewed), in the database.
     */
    cardFigures: (viewer: Viewer, cardIds: readonly number[] | "all") => {
      const recall = masterySql(retrievalItemTable);
      return db
        .select({
          cardId: retrievalItemTable.pivotCardId,
          items: count(),
          reviews: sql<number>`coalesce(sum(${retrievalItemTable.reps}), 0)::int`,
          mastery: sql<number>`avg(${recall})::float8`,
        })
        .from(retrievalItemTable)
        .where(
          and(
            eq(retrievalItemTable.facultyId, viewer.id),
            cardIds === "all" ? undefined : inArray(retrievalItemTable.pivotCardId, [...cardIds]),
          ),
        )
        .groupBy(retrievalItemTable.pivotCardId);
    },

    /**
     * An import in one transaction: each new card (no `existingId`) is created, then each entry's
     * items are added to its card.
     */
    async importCards(
      viewer: Viewer,
      entries: ReadonlyArray<{
        values: PivotCardValues;
        existingId?: number;
        items: Array<ItemValues & FsrsColumns>;
      }>,
      at: Date,
    ) {
      await db.transaction(async (tx) => {
        for (const entry of entries) {
          let pivotCardId = entry.existingId;
          if (pivotCardId === undefined) {
            const [row] = await tx
              .insert(pivotCardTable)
              .values({ ...entry.values, facultyId: viewer.id, createdAt: at, updatedAt: at })
              .returning({ id: pivotCardTable.id });
            if (!row) throw new Error("insert returned no row");
            pivotCardId = row.id;
          }
          const cardId = pivotCardId;
          if (entry.items.length > 0)
            await tx.insert(retrievalItemTable).values(
              insertValues(
                viewer,
                entry.items.map((item) => ({ ...item, pivotCardId: cardId })),
                at,
              ),
            );
        }
      });
    },
  };
}
export type RetrievalItemsRepository = ReturnType<typeof createRetrievalItemsRepository>;
