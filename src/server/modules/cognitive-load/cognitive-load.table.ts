import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { COGNITIVE_CONTEXTS } from "#shared/domain/cognitive-load.ts";
import {
  PACING_ACTION_KINDS,
  PACING_STAGES,
  type PacingMeasure,
} from "#shared/domain/cognitive-load-pacing.ts";
import { cascadingId } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { projectTable } from "../projects/projects.table.ts";

/**
 * One check-in: the answers as given, and each load type's mean stored beside its items
 * so that summaries add columns instead of unpacking arrays. No name, e-mail or account is kept:
 * the instructor only ever reads aggregates and anonymous remarks.
 */
export const cognitiveLoadCheckInTable = pgTable(
  "cognitive_load_check_in",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    projectId: cascadingId("project_id", () => projectTable.id),
    /** The project's owner, copied (a project never changes owner): summaries read one index range. */
    projectOwnerId: cascadingId("project_owner_id", () => facultyTable.id),
    context: text("context", { enum: COGNITIVE_CONTEXTS }).notNull(),
    mentalEffort: smallint("mental_effort").notNull(),
    intrinsicItems: smallint("intrinsic_items").array().notNull(),
    extraneousItems: smallint("extraneous_items").array().notNull(),
    germaneItems: smallint("germane_items").array().notNull(),
    intrinsicLoad: doublePrecision("intrinsic_load").notNull(),
    extraneousLoad: doublePrecision("extraneous_load").notNull(),
    germaneLoad: doublePrecision("germane_load").notNull(),
    technostress: smallint("technostress").notNull(),
    interruptions: integer("interruptions").notNull(),
    taskMinutes: integer("task_minutes").notNull(),
    refocusMinutes: doublePrecision("refocus_minutes").notNull(),
    remark: text("remark"),
    /** link (the public page), instructor (recorded by hand), import (CSV) or student (signed in). */
    source: text("source", { enum: ["link", "instructor", "import", "student"] }).notNull(),
    /**
     * The signed-in student who checked in, so they can read their own check-ins back,
     * download them and have them anonymised (set null) when they delete their account. The
     * instructor's answers never carry it: they read aggregates and remarks only.
     */
    studentId: integer("student_id").references(() => facultyTable.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("cognitive_load_owner_idx").on(table.projectOwnerId, table.createdAt),
    index("cognitive_load_project_idx").on(table.projectId, table.createdAt),
    index("cognitive_load_student_idx").on(table.studentId, table.createdAt),
  ],
);
export type CheckInRow = typeof cognitiveLoadCheckInTable.$inferSelect;

/**
 * The sums of one instructor's check-ins per context and UTC day, kept by a trigger on every insert
 * and delete of a check-in (migration 0014, so a project's removal, which cascades to its check-ins,
 * is counted out too). A summary across all of a person's projects reads at most 3 rows a day
 * instead of every check-in; a summary of one project reads that project's check-ins.
 */
export const cognitiveLoadDayTable = pgTable(
  "cognitive_load_day",
  {
    projectOwnerId: cascadingId("project_owner_id", () => facultyTable.id),
    context: text("context", { enum: COGNITIVE_CONTEXTS }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    responses: integer("responses").notNull(),
    mentalEffort: bigint("mental_effort", { mode: "number" }).notNull(),
    intrinsicLoad: doublePrecision("intrinsic_load").notNull(),
    extraneousLoad: doublePrecision("extraneous_load").notNull(),
    germaneLoad: doublePrecision("germane_load").notNull(),
    technostress: bigint("technostress", { mode: "number" }).notNull(),
    interruptions: bigint("interruptions", { mode: "number" }).notNull(),
    taskMinutes: bigint("task_minutes", { mode: "number" }).notNull(),
    refocusMinutes: doublePrecision("refocus_minutes").notNull(),
    heldInterruptions: integer("held_interruptions").notNull(),
    heldExtraneous: integer("held_extraneous").notNull(),
    heldEffort: integer("held_effort").notNull(),
    heldTechnostress: integer("held_technostress").notNull(),
    heldRefocus: integer("held_refocus").notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectOwnerId, table.day, table.context] })],
);

/** The instructor's semester start ("semester" timeframe); without a row, 120 days back. */
export const cognitiveLoadSettingTable = pgTable("cognitive_load_setting", {
  facultyId: integer("faculty_id")
    .primaryKey()
    .references(() => facultyTable.id, { onDelete: "cascade" }),
  semesterStart: date("semester_start", { mode: "string" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A pacing suggestion the project's owner applied (docs/decisions/0063-pacing-suggestions.md): which
 * intervention and action, in which stage, on which milestone or pivot card (`target_id`, no foreign
 * key: either table), and the stage's check-in means before it, so that its effect can be read from
 * the check-ins of the 14 days after. Undoing an action removes its row.
 */
export const pacingActionTable = pgTable(
  "pacing_action",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    projectId: cascadingId("project_id", () => projectTable.id),
    interventionId: text("intervention_id").notNull(),
    kind: text("kind", { enum: PACING_ACTION_KINDS }).notNull(),
    stage: text("stage", { enum: PACING_STAGES }).notNull(),
    targetId: integer("target_id").notNull(),
    /** The milestone's or concept's name as it read when applied (the target may be renamed or removed). */
    targetLabel: text("target_label").notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull(),
    appliedBy: cascadingId("applied_by", () => facultyTable.id),
    /** The stage's means (PACING_MEASURES) when applied; null below the privacy threshold. */
    before: jsonb("before").$type<Record<PacingMeasure, number> | null>(),
    beforeResponses: integer("before_responses").notNull(),
  },
  (table) => [
    index("pacing_action_project_idx").on(table.projectId, table.appliedAt),
    index("pacing_action_applied_by_idx").on(table.appliedBy),
  ],
);
export type PacingActionRow = typeof pacingActionTable.$inferSelect;
