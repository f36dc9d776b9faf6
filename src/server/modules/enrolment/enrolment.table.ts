import { index, integer, pgTable, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { facultyTable } from "../faculty/faculty.table.ts";
import { projectTable } from "../projects/projects.table.ts";

/** A student enrolled in a project (issue 19): by its join code; the owner may remove them. */
export const enrolmentTable = pgTable(
  "enrolment",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projectTable.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => facultyTable.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("enrolment_project_student_idx").on(table.projectId, table.studentId),
    index("enrolment_student_idx").on(table.studentId, table.joinedAt),
  ],
);

export type EnrolmentRow = typeof enrolmentTable.$inferSelect;
