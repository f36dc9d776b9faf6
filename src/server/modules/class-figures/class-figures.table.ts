import { index, integer, pgTable, primaryKey, smallint } from "drizzle-orm/pg-core";
import { cascadingId } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { projectTable } from "../projects/projects.table.ts";

/**
 * The class figures' adherence sums (docs/decisions/0055-class-figures.md): student_review rows
 * that fell due (previous state not new), counted per project, student, 15-minute quarter of the
 * due (`floor(epoch / 900)`) and outcome. Every zone's offset is a multiple of 15 minutes, so two
 * instants' local days are decided by their quarters: adherence reads these sums for the whole
 * quarters of its window instead of every review. Kept by statement triggers on student_review
 * (migration 0021), so every insert and delete, cascades included, counts.
 */
export const classAdherenceQuarterTable = pgTable(
  "class_adherence_quarter",
  {
    projectId: cascadingId("project_id", () => projectTable.id),
    studentId: cascadingId("student_id", () => facultyTable.id),
    /** floor(epoch(due_at) / 900): the quarter hour the item was due in. */
    dueQuarter: integer("due_quarter").notNull(),
    /**
     * 0 reviewed on or before its due (on time in every zone), 2 reviewed 26 hours or more after it
     * (late in every zone), 1 in between: on time when the review's local day is not after the due's.
     */
    outcome: smallint("outcome").notNull(),
    /** Outcome 1 only (0 otherwise): the review's quarter minus the due's (0 to 104). */
    lagQuarters: smallint("lag_quarters").notNull(),
    reviews: integer("reviews").notNull(),
  },
  (table) => [
    primaryKey({
      name: "class_adherence_quarter_pk",
      columns: [table.projectId, table.studentId, table.dueQuarter, table.outcome, table.lagQuarters],
    }),
    index("class_adherence_quarter_student_idx").on(table.studentId),
  ],
);
