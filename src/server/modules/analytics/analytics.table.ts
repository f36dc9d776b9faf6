import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { EVENT_TYPES } from "#shared/constants.ts";
import { cascadingId } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";

export const analyticsEventTable = pgTable(
  "analytics_event",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    eventType: text("event_type", { enum: EVENT_TYPES }).notNull(),
    eventData: jsonb("event_data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("analytics_event_faculty_created_idx").on(table.facultyId, table.createdAt.desc().nullsFirst()),
  ],
);

export type AnalyticsEventRow = typeof analyticsEventTable.$inferSelect;

/**
 * Events counted per person, UTC day and type: the summary of a range reads the whole
 * days inside it here and only its two edge days from the events. Kept by a trigger on
 * analytics_event (migration 0014), so every insert and delete, however made, counts.
 */
export const analyticsDailyTable = pgTable(
  "analytics_daily",
  {
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    day: date("day", { mode: "string" }).notNull(),
    eventType: text("event_type", { enum: EVENT_TYPES }).notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.facultyId, table.day, table.eventType] })],
);
