import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { calendarFeedTable } from "./milestones.table.ts";

/** Calendar feeds: one per person and project, found by the token's hash. */
export function createCalendarRepository(db: Database) {
  return {
    async findFor(facultyId: number, projectId: number) {
      const [row] = await db
        .select()
        .from(calendarFeedTable)
        .where(and(eq(calendarFeedTable.facultyId, facultyId), eq(calendarFeedTable.projectId, projectId)));
      return row;
    },

    async findByHash(tokenHash: string) {
      const [row] = await db
        .select()
        .from(calendarFeedTable)
        .where(eq(calendarFeedTable.tokenHash, tokenHash));
      return row;
    },

    /** Keeps an existing feed (two first calls at once make one); answers the stored row. */
    async insertIfAbsent(values: {
      facultyId: number;
      projectId: number;
      tokenHash: string;
      tokenSealed: string;
    }) {
      await db.insert(calendarFeedTable).values(values).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(calendarFeedTable)
        .where(
          and(
            eq(calendarFeedTable.facultyId, values.facultyId),
            eq(calendarFeedTable.projectId, values.projectId),
          ),
        );
      if (!row) throw new Error("calendar feed insert returned no row");
      return row;
    },

    /** Replaces the person's feed of the project: the old token stops working. */
    async replace(values: { facultyId: number; projectId: number; tokenHash: string; tokenSealed: string }) {
      await db
        .insert(calendarFeedTable)
        .values(values)
        .onConflictDoUpdate({
          target: [calendarFeedTable.facultyId, calendarFeedTable.projectId],
          set: { tokenHash: values.tokenHash, tokenSealed: values.tokenSealed, createdAt: new Date() },
        });
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
