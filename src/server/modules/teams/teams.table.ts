import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { TEAM_METHODS, type TeamAnswerValue, type TeamCriterion } from "#shared/schemas/teams.ts";
import { cascadingId, timestampColumns } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { projectTable } from "../projects/projects.table.ts";

/**
 * A project's team survey, switched on by its owner: the questions teams are formed by (each
 * grouping similar or diverse answers, with a weight), and whether it asks for weekly time blocks.
 */
export const teamSurveyTable = pgTable("team_survey", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projectTable.id, { onDelete: "cascade" }),
  criteria: jsonb("criteria").$type<TeamCriterion[]>().notNull(),
  availability: boolean("availability").notNull(),
  /** Free time blocks a team should share (0: no constraint). */
  minSharedBlocks: integer("min_shared_blocks").notNull().default(0),
  askUnderrepresented: boolean("ask_underrepresented").notNull().default(false),
  ...timestampColumns(),
});

export type TeamSurveyRow = typeof teamSurveyTable.$inferSelect;

/**
 * A student's answers to a project's team survey: by question id, the weekly blocks they are free
 * (0 = Monday morning … 20 = Sunday evening), and, only if asked and said, under-representation.
 */
export const teamSurveyAnswerTable = pgTable(
  "team_survey_answer",
  {
    projectId: cascadingId("project_id", () => projectTable.id),
    studentId: cascadingId("student_id", () => facultyTable.id),
    answers: jsonb("answers").$type<Record<string, TeamAnswerValue>>().notNull(),
    availability: jsonb("availability").$type<number[]>().notNull(),
    underrepresented: boolean("underrepresented"),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.studentId] }),
    index("team_survey_answer_student_idx").on(table.studentId),
  ],
);

export type TeamSurveyAnswerRow = typeof teamSurveyAnswerTable.$inferSelect;

/**
 * How a project's teams were last formed (size, method, the note when the class did not divide)
 * and whether they are published: students see their team only once they are.
 */
export const teamPlanTable = pgTable("team_plan", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projectTable.id, { onDelete: "cascade" }),
  size: integer("size").notNull(),
  method: text("method", { enum: TEAM_METHODS }).notNull(),
  note: text("note"),
  formedAt: timestamp("formed_at", { withTimezone: true }).notNull(),
  publishedAt: timestamp("published_at", { withTimezone: true }),
});

export type TeamPlanRow = typeof teamPlanTable.$inferSelect;

/** A team of a project; a locked one keeps its members when teams are formed again. */
export const teamTable = pgTable(
  "team",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    projectId: cascadingId("project_id", () => projectTable.id),
    name: text("name").notNull(),
    /** Its order on the screens (Team 1, Team 2, …). */
    position: integer("position").notNull(),
    locked: boolean("locked").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("team_project_idx").on(table.projectId, table.position)],
);

export type TeamRow = typeof teamTable.$inferSelect;

/** A student's team in a project: at most one per project (the key). */
export const teamMemberTable = pgTable(
  "team_member",
  {
    projectId: cascadingId("project_id", () => projectTable.id),
    studentId: cascadingId("student_id", () => facultyTable.id),
    teamId: cascadingId("team_id", () => teamTable.id),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.studentId] }),
    index("team_member_team_idx").on(table.teamId),
    index("team_member_student_idx").on(table.studentId),
  ],
);

export type TeamMemberRow = typeof teamMemberTable.$inferSelect;
