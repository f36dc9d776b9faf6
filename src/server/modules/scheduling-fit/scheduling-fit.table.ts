import { doublePrecision, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { SCHEDULING_FIT_OUTCOMES } from "#shared/schemas/scheduling-fit.ts";
import { cascadingId } from "../../db/columns.ts";
import { projectTable } from "../projects/projects.table.ts";

/**
 * A project's FSRS parameters fitted to its students' review log, and the last attempt at it
 * (docs/decisions/0062-fitted-scheduling.md). `student_id` 0 is the class's pooled fit; another is
 * one student's own parameters (only from STUDENT_FIT_MIN_REVIEWS reviews of theirs). `parameters`
 * are those in use (null: FSRS's defaults); an attempt that fails, times out or lacks data records
 * its outcome and reason and changes nothing in use. The log losses and RMSEs are of the defaults
 * and of the fitted parameters on the held-out students' reviews, from the last attempt with
 * figures. A change here raises the project's practice_catalogue_version (migration 0044), so the
 * review path reads the parameters from the catalogue in memory.
 */
export const schedulingFitTable = pgTable(
  "scheduling_fit",
  {
    projectId: cascadingId("project_id", () => projectTable.id),
    studentId: integer("student_id").notNull().default(0),
    parameters: doublePrecision("parameters").array(),
    fittedAt: timestamp("fitted_at", { withTimezone: true }),
    /** The long-term reviews and students the last attempt with figures read. */
    reviews: integer("reviews").notNull().default(0),
    students: integer("students").notNull().default(0),
    heldOutReviews: integer("held_out_reviews").notNull().default(0),
    defaultLogLoss: doublePrecision("default_log_loss"),
    defaultRmse: doublePrecision("default_rmse"),
    fittedLogLoss: doublePrecision("fitted_log_loss"),
    fittedRmse: doublePrecision("fitted_rmse"),
    /** "fitted" | "kept-defaults" | "not-enough-data" | "failed" (SchedulingFitOutcome); null before any attempt. */
    outcome: text("outcome", { enum: SCHEDULING_FIT_OUTCOMES }),
    /** The sentence saying why, with its numbers. */
    reason: text("reason"),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }),
    /** The job of the owner's last "Fit now" (queued or running while pg-boss says so). */
    jobId: text("job_id"),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.studentId] })],
);

export type SchedulingFitRow = typeof schedulingFitTable.$inferSelect;
