import { index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { facultyTable } from "../faculty/faculty.table.ts";

export const objectiveConversionTable = pgTable(
  "objective_conversion",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    facultyId: integer("faculty_id")
      .notNull()
      .references(() => facultyTable.id, { onDelete: "cascade" }),
    discipline: text("discipline").notNull(),
    originalObjective: text("original_objective").notNull(),
    convertedFramework: text("converted_framework").notNull(),
    /** "template", or the model that wrote the framework. */
    source: text("source").notNull(),
    feedbackRating: smallint("feedback_rating"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("objective_conversion_faculty_idx").on(table.facultyId, table.createdAt.desc().nullsFirst()),
  ],
);

export type ObjectiveConversionRow = typeof objectiveConversionTable.$inferSelect;
export type NewObjectiveConversionRow = typeof objectiveConversionTable.$inferInsert;
