import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { projectTable } from "../projects/projects.table.ts";
import { type CriterionScore, type RubricCriterion, rubricTable } from "./milestones.table.ts";

/**
 * A project owner's review of their own project design with a rubric (the Gold Standard's seven
 * design elements, or a rubric of theirs): one per project. The rubric's criteria are copied in,
 * so that editing or deleting the rubric later never breaks the review.
 */
export const projectDesignReviewTable = pgTable(
  "project_design_review",
  {
    projectId: integer("project_id")
      .primaryKey()
      .references(() => projectTable.id, { onDelete: "cascade" }),
    /** The saved rubric it was done with; null for the built-in Gold Standard or a deleted rubric. */
    rubricId: integer("rubric_id").references(() => rubricTable.id, { onDelete: "set null" }),
    rubricTitle: text("rubric_title").notNull(),
    criteria: jsonb("criteria").$type<RubricCriterion[]>().notNull(),
    scores: jsonb("scores").$type<CriterionScore[]>().notNull(),
    overallComment: text("overall_comment").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("project_design_review_rubric_idx").on(table.rubricId)],
);

export type ProjectDesignReviewRow = typeof projectDesignReviewTable.$inferSelect;
