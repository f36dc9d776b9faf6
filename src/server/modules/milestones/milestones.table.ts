import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { RubricCriterionShape } from "#shared/domain/rubrics.ts";
import { MILESTONE_STAGES } from "#shared/schemas/milestones.ts";
import { cascadingId, timestampColumns } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { projectTable } from "../projects/projects.table.ts";
import { teamTable } from "../teams/teams.table.ts";
import { uploadTable } from "../uploads/uploads.table.ts";

/** A rubric's criterion: its levels from the highest, each a descriptor and its points; a relative weight. */
export type RubricCriterion = RubricCriterionShape;

/** An instructor's rubric (criteria × levels), reusable across their projects. */
export const rubricTable = pgTable(
  "rubric",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    criteria: jsonb("criteria").$type<RubricCriterion[]>().notNull(),
    ...timestampColumns(),
  },
  (table) => [index("rubric_faculty_idx").on(table.facultyId, table.updatedAt.desc())],
);

export type RubricRow = typeof rubricTable.$inferSelect;

/**
 * A step of a project's timeline (pivot checkpoint, launch phases, final presentation): what is
 * due, when, and the rubric its work is assessed with. Students hand in work against it until it is
 * closed; its feedback reaches them once released.
 */
export const milestoneTable = pgTable(
  "milestone",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    projectId: cascadingId("project_id", () => projectTable.id),
    title: text("title").notNull(),
    stage: text("stage", { enum: MILESTONE_STAGES }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    description: text("description").notNull().default(""),
    deliverables: jsonb("deliverables").$type<string[]>().notNull().default([]),
    rubricId: integer("rubric_id").references(() => rubricTable.id, { onDelete: "set null" }),
    /** One submission per team rather than per student (once teams exist). */
    teamSubmission: boolean("team_submission").notNull().default(false),
    /** No more submissions from then on (a late one is still taken until it is closed). */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** When the instructor released this milestone's feedback to the students. */
    feedbackReleasedAt: timestamp("feedback_released_at", { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    index("milestone_project_due_idx").on(table.projectId, table.dueAt),
    index("milestone_rubric_idx").on(table.rubricId),
  ],
);

export type MilestoneRow = typeof milestoneTable.$inferSelect;

/**
 * A person's private calendar feed of one project (`GET /api/calendar/:token.ics`): found by the
 * token's SHA-256; the token itself is sealed (lib/secret-box.ts) so the screen can show the address
 * again. Regenerating replaces it, and the old address stops working.
 */
export const calendarFeedTable = pgTable(
  "calendar_feed",
  {
    tokenHash: text("token_hash").primaryKey(),
    tokenSealed: text("token_sealed").notNull(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    projectId: cascadingId("project_id", () => projectTable.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("calendar_feed_person_project_idx").on(table.facultyId, table.projectId),
    index("calendar_feed_project_idx").on(table.projectId),
  ],
);

/**
 * Work a student hands in for a milestone: text, a link and files. A revision after feedback is a
 * new version; every version is kept. `late` is set when it came after the milestone's due date.
 * For a team milestone `team_id` is the submitter's team and versions are numbered per team; a
 * deleted team leaves its work to its submitters (SET NULL), never lost.
 */
export const submissionTable = pgTable(
  "submission",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    milestoneId: cascadingId("milestone_id", () => milestoneTable.id),
    studentId: cascadingId("student_id", () => facultyTable.id),
    teamId: integer("team_id").references(() => teamTable.id, { onDelete: "set null" }),
    version: integer("version").notNull(),
    text: text("text").notNull().default(""),
    link: text("link"),
    late: boolean("late").notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("submission_version_idx").on(table.milestoneId, table.studentId, table.version),
    uniqueIndex("submission_team_version_idx").on(table.milestoneId, table.teamId, table.version),
    index("submission_student_idx").on(table.studentId),
    index("submission_team_idx").on(table.teamId),
  ],
);

export type SubmissionRow = typeof submissionTable.$inferSelect;

/** A file of a submission: an upload of the signed flow, checked, with its extracted text. */
export const submissionFileTable = pgTable(
  "submission_file",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    submissionId: cascadingId("submission_id", () => submissionTable.id),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploadTable.id, { onDelete: "cascade" }),
    originalName: text("original_name").notNull(),
    mimeType: text("mime_type").notNull(),
    fileSize: integer("file_size").notNull(),
    /** The file's text once extracted (searchable by the instructor), null until then or when none. */
    extractedText: text("extracted_text"),
  },
  (table) => [
    index("submission_file_submission_idx").on(table.submissionId),
    uniqueIndex("submission_file_upload_idx").on(table.uploadId),
  ],
);

/** The level and comment given to one criterion of the rubric. */
export interface CriterionScore {
  criterionId: string;
  /** The index of the chosen level in the criterion's levels. */
  level: number;
  comment: string;
}

/**
 * The instructor's assessment of a submission version with the milestone's rubric: a draft until
 * saved as final; students read it only after the milestone's feedback is released.
 */
export const assessmentTable = pgTable("assessment", {
  submissionId: integer("submission_id")
    .primaryKey()
    .references(() => submissionTable.id, { onDelete: "cascade" }),
  scores: jsonb("scores").$type<CriterionScore[]>().notNull(),
  overallComment: text("overall_comment").notNull().default(""),
  /** The weighted score as a share of the rubric's maximum, 0 to 100. */
  score: doublePrecision("score").notNull(),
  status: text("status", { enum: ["draft", "final"] }).notNull(),
  assessedAt: timestamp("assessed_at", { withTimezone: true }).notNull().defaultNow(),
});
