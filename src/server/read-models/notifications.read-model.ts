import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { facultyTable } from "../modules/faculty/faculty.table.ts";

/** What notifications read of accounts: who is where (time zones) and whom a digest goes to. */
export function createNotificationsReadModel(db: Database) {
  return {
    /** The time zones approved accounts are in (null: none set, taken as UTC). */
    async timeZones(): Promise<Array<string | null>> {
      const rows = await db
        .selectDistinct({ timeZone: facultyTable.timeZone })
        .from(facultyTable)
        .where(eq(facultyTable.status, "approved"));
      return rows.map((row) => row.timeZone);
    },

    /** Approved accounts in the given zones (`includeUnset`: and those with none). */
    peopleIn(zones: readonly string[], includeUnset: boolean) {
      const inZones = zones.length > 0 ? inArray(facultyTable.timeZone, [...zones]) : undefined;
      const zoneCondition = includeUnset ? or(inZones, isNull(facultyTable.timeZone)) : inZones;
      if (!zoneCondition) return Promise.resolve([]);
      return db
        .select({
          id: facultyTable.id,
          email: facultyTable.email,
          name: facultyTable.name,
          role: facultyTable.role,
          institution: facultyTable.institution,
          timeZone: facultyTable.timeZone,
        })
        .from(facultyTable)
        .where(and(eq(facultyTable.status, "approved"), zoneCondition));
    },

    async person(facultyId: number) {
      const [row] = await db
        .select({ id: facultyTable.id, role: facultyTable.role })
        .from(facultyTable)
        .where(eq(facultyTable.id, facultyId));
      return row;
    },
  };
}

export type NotificationsReadModel = ReturnType<typeof createNotificationsReadModel>;
