import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { TEAM_METHODS, type TeamAnswerValue, type TeamCriterion } from "#shared/schemas/teams.ts";
import { cascadingId, timestampColumns } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { milestoneTable } from "../milestones/milestones.table.ts";
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

/** A peer and self evaluation of a milestone's team work, open until its close date. */
export const peerEvaluationTable = pgTable(
  "peer_evaluation",
  {
    milestoneId: integer("milestone_id")
      .primaryKey()
      .references(() => milestoneTable.id, { onDelete: "cascade" }),
    projectId: cascadingId("project_id", () => projectTable.id),
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    /** Each student sees their own factor once released. */
    showFactor: boolean("show_factor").notNull().default(false),
    /** When the owner released the comments (and, if shown, the factors) to the students. */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("peer_evaluation_project_idx").on(table.projectId)],
);

export type PeerEvaluationRow = typeof peerEvaluationTable.$inferSelect;

/**
 * One student's rating of one member of their team (themself included) on the five dimensions,
 * with a comment the owner may edit before it reaches its student. Only the owner reads ratings;
 * teammates never see who rated what.
 */
export const peerRatingTable = pgTable(
  "peer_rating",
  {
    milestoneId: cascadingId("milestone_id", () => peerEvaluationTable.milestoneId),
    raterId: cascadingId("rater_id", () => facultyTable.id),
    rateeId: cascadingId("ratee_id", () => facultyTable.id),
    ratings: jsonb("ratings").$type<Record<string, number>>().notNull(),
    comment: text("comment").notNull().default(""),
    editedComment: text("edited_comment"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.milestoneId, table.raterId, table.rateeId] }),
    index("peer_rating_rater_idx").on(table.raterId),
    index("peer_rating_ratee_idx").on(table.rateeId),
  ],
);

export type PeerRatingRow = typeof peerRatingTable.$inferSelect;

/** The owner's individual score for a student on a milestone, replacing team score × factor, with why. */
export const scoreOverrideTable = pgTable(
  "score_override",
  {
    milestoneId: cascadingId("milestone_id", () => milestoneTable.id),
    studentId: cascadingId("student_id", () => facultyTable.id),
    score: doublePrecision("score").notNull(),
    reason: text("reason").notNull(),
    overriddenAt: timestamp("overridden_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.milestoneId, table.studentId] }),
    index("score_override_student_idx").on(table.studentId),
  ],
);

export type ScoreOverrideRow = typeof scoreOverrideTable.$inferSelect;
