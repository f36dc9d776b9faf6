import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { facultyTable } from "../faculty/faculty.table.ts";

export const analyticsEventTable = pgTable(
  "analytics_event",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    facultyId: integer("faculty_id")
      .notNull()
      .references(() => facultyTable.id, { onDelete: "cascade" }),
    eventType: text("event_type", {
      enum: [
        "project_created",
        "project_updated",
        "objective_converted",
        "template_used",
        "collaboration_added",
      ],
    }).notNull(),
    eventData: jsonb("event_data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("analytics_event_faculty_created_idx").on(table.facultyId, table.createdAt.desc().nullsFirst()),
  ],
);

export type AnalyticsEventRow = typeof analyticsEventTable.$inferSelect;
