import {
  type AnyPgColumn,
  alias,
  bigint,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
} from "drizzle-orm/pg-core";
import { cascadingId, fsrsScheduleColumns } from "../../db/columns.ts";
import { enrolmentTable } from "../enrolment/enrolment.table.ts";
import { pivotCardTable, retrievalItemTable } from "../pivot-assets/pivot-assets.table.ts";
import { projectTable } from "../projects/projects.table.ts";

/**
 * A student's practice rows in a project belong to their enrolment (migration 0022): leaving the
 * project, being removed from its roster, the project's deletion and the account's deletion all
 * delete the enrolment, and with it (ON DELETE CASCADE) the schedule, reviews and card mastery of
 * that project, so the class figures never count a student who is gone. A review written while the
 * student was leaving fails on this key instead of leaving rows behind (the service grades it again
 * and answers 404). One key where there were two (the account and the project): one check fewer
 * per row written, at every review.
 */
const enrolled = (table: string, columns: { projectId: AnyPgColumn; studentId: AnyPgColumn }) =>
  foreignKey({
    name: `${table}_enrolment_fk`,
    columns: [columns.projectId, columns.studentId],
    foreignColumns: [enrolmentTable.projectId, enrolmentTable.studentId],
  }).onDelete("cascade");

/**
 * A student's own FSRS schedule of one retrieval item: the same columns as the
 * instructor's schedule in `retrieval_item`, one row per student and item, made at the student's
 * first review (an item without a row is new to them and due now). The instructor's schedule and
 * other students' rows are never touched by a student's review.
 */
export const studentScheduleTable = pgTable(
  "student_schedule",
  {
    studentId: integer("student_id").notNull(),
    itemId: cascadingId("item_id", () => retrievalItemTable.id),
    /** The project the item was practised in (the card's project at the first review). */
    projectId: integer("project_id").notNull(),
    ...fsrsScheduleColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.studentId, table.itemId] }),
    enrolled("student_schedule", table),
    index("student_schedule_item_idx").on(table.itemId),
    // The enrolment key's cascade reads (project, student); the class figures' missed reviews
    // read each enrolled student's rows that fell due in a window (migration 0023): without `due`
    // here, that read went through every row of the class.
    index("student_schedule_project_idx").on(table.projectId, table.studentId, table.due),
  ],
);

/**
 * student_schedule as `schedule`, for the statements that join it under that name: their
 * masterySql reads its columns as `"schedule"."state"` and so on.
 */
export const scheduleAs = alias(studentScheduleTable, "schedule");

/** One review by a student: the log behind days in a row, adherence and "inactive for 7 days". */
export const studentReviewTable = pgTable(
  "student_review",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer("student_id").notNull(),
    itemId: cascadingId("item_id", () => retrievalItemTable.id),
    projectId: integer("project_id").notNull(),
    rating: smallint("rating").notNull(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }).notNull(),
    /** When the item was due for this student as it was reviewed. */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** The state before (0 = new: a first review, never counted as late). */
    previousState: smallint("previous_state").notNull(),
  },
  (table) => [
    enrolled("student_review", table),
    index("student_review_student_idx").on(table.studentId, table.reviewedAt),
    index("student_review_project_idx").on(table.projectId, table.reviewedAt),
    index("student_review_project_due_idx").on(table.projectId, table.dueAt),
    index("student_review_item_idx").on(table.itemId),
  ],
);

/**
 * A student's mastery of one pivot card (the mean mastery of its items, #shared/domain/mastery.ts,
 * 0 for items never reviewed), kept so that the class figures read one row per student and card instead of
 * one per student and item (300 students x 500 items: 150,000 rows, about 0.4 s on PGlite, against
 * about 10 ms for 15,000). Written at each review of the card by the student and recomputed when
 * older than a day (which also picks up items added to or removed from the card).
 */
export const studentCardMasteryTable = pgTable(
  "student_card_mastery",
  {
    studentId: integer("student_id").notNull(),
    pivotCardId: cascadingId("pivot_card_id", () => pivotCardTable.id),
    projectId: integer("project_id").notNull(),
    mastery: doublePrecision("mastery").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.studentId, table.pivotCardId] }),
    enrolled("student_card_mastery", table),
    index("student_card_mastery_project_idx").on(table.projectId, table.pivotCardId),
    index("student_card_mastery_card_idx").on(table.pivotCardId),
  ],
);

export type StudentScheduleRow = typeof studentScheduleTable.$inferSelect;
export type StudentReviewRow = typeof studentReviewTable.$inferSelect;

/**
 * A counter per project that triggers raise whenever what students practise in it changes: an
 * item of one of its pivot cards added, removed or edited (its text, type, options or card), a card
 * linked, unlinked, renamed or moved to another discipline, the project renamed or given to
 * another owner (migration 0020). The server keeps each project's items in memory
 * (student-practice/practice-catalogue.ts) and reads them again only when this counter moved: a
 * student's due list then reads just their own schedule. A project without a row is at 0.
 */
export const practiceCatalogueVersionTable = pgTable("practice_catalogue_version", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projectTable.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull(),
});
