import { and, desc, eq } from "drizzle-orm";
import type { EventType } from "#shared/constants.ts";
import type { Database } from "../../db/client.ts";
import { type AnalyticsEventRow, analyticsEventTable } from "./analytics.table.ts";

export function createAnalyticsRepository(db: Database) {
  return {
    async insert(facultyId: number, eventType: EventType, eventData: Record<string, unknown>) {
      const [row] = await db
        .insert(analyticsEventTable)
        .values({ facultyId, eventType, eventData })
        .returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },
    async listFor(facultyId: number, eventType?: EventType): Promise<AnalyticsEventRow[]> {
      return db
        .select()
        .from(analyticsEventTable)
        .where(
          and(
            eq(analyticsEventTable.facultyId, facultyId),
            eventType ? eq(analyticsEventTable.eventType, eventType) : undefined,
          ),
        )
        .orderBy(desc(analyticsEventTable.createdAt), desc(analyticsEventTable.id));
    },
  };
}
