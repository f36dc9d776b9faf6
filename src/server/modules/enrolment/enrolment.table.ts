import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cascadingId } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { projectTable } from "../projects/projects.table.ts";

/** A student enrolled in a project: by its join code; the owner may remove them. */
export const enrolmentTable = pgTable(
  "enrolment",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    projectId: cascadingId("project_id", () => projectTable.id),
    studentId: cascadingId("student_id", () => facultyTable.id),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /** How the student came: with the join code (or re-admitted), or from the LMS's roster or launch. */
    source: text("source", { enum: ["join-code", "lms"] })
      .notNull()
      .default("join-code"),
  },
  (table) => [
    uniqueIndex("enrolment_project_student_idx").on(table.projectId, table.studentId),
    index("enrolment_student_idx").on(table.studentId, table.joinedAt),
  ],
);

export type EnrolmentRow = typeof enrolmentTable.$inferSelect;

/**
 * A student the project's owner removed from its roster: they cannot join it again by any code
 * until the owner re-admits them (which deletes this row and enrols them). A student who leaves on
 * their own leaves no row here.
 */
export const rosterRemovalTable = pgTable(
  "roster_removal",
  {
    projectId: cascadingId("project_id", () => projectTable.id),
    studentId: cascadingId("student_id", () => facultyTable.id),
    removedAt: timestamp("removed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.studentId] }),
    // An account's deletion cascades by student.
    index("roster_removal_student_idx").on(table.studentId),
  ],
);
