import { boolean, index, integer, jsonb, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import type { TeamAnswerValue, TeamCriterion } from "#shared/schemas/teams.ts";
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
