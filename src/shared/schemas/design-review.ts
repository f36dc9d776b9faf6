import { z } from "zod";
import { id, isoDateTime, text } from "./common.ts";
import { rubricCriterionSchema } from "./rubrics.ts";

/*
 * A project's design review: its owner judges their own project design with a rubric (the Gold
 * Standard's seven design elements to start with, or a rubric of theirs), a level per element.
 */

export const DESIGN_REVIEW_COMMENT_MAX = 5_000;
export const DESIGN_REVIEW_OVERALL_MAX = 20_000;

export const DESIGN_REVIEW_MESSAGES = {
  rubricNotFound: "rubricId: you have no rubric with this id",
} as const;

/** PUT /api/projects/:id/design-review: the levels chosen (some elements may stay unscored). */
export const designReviewInputSchema = z.strictObject({
  scores: z
    .array(
      z.strictObject({
        criterionId: text("criterionId")
          .min(1, "criterionId is required")
          .max(100, "criterionId is too long"),
        level: z
          .number({ error: "level must be a number" })
          .int("level must be a whole number")
          .min(0, "level must be 0 or more")
          .max(100, "level must be at most 100"),
        comment: text("Comment")
          .max(DESIGN_REVIEW_COMMENT_MAX, "Comment must be at most 5,000 characters")
          .default(""),
      }),
      { error: "scores must be a list" },
    )
    .max(100, "scores must have at most 100 entries"),
  overallComment: text("Overall comment")
    .max(DESIGN_REVIEW_OVERALL_MAX, "Overall comment must be at most 20,000 characters")
    .default(""),
  /**
   * One of the caller's saved rubrics; null for the built-in Gold Standard. Left out: the rubric the
   * review was done with is kept (the Gold Standard for a first review).
   */
  rubricId: id("rubricId").nullable().optional(),
});
export type DesignReviewInput = z.input<typeof designReviewInputSchema>;
export type DesignReviewValues = z.output<typeof designReviewInputSchema>;

/** The rubric a review is done with: a saved rubric's snapshot, or the Gold Standard (id null). */
export const designReviewRubricSchema = z.object({
  id: z.number().nullable(),
  title: z.string(),
  criteria: z.array(rubricCriterionSchema),
});
export type DesignReviewRubric = z.infer<typeof designReviewRubricSchema>;

const chosenLevelSchema = z.object({
  criterionId: z.string(),
  title: z.string(),
  level: z.number().int(),
  levelTitle: z.string(),
  points: z.number(),
});

export const designReviewSchema = z.object({
  projectId: z.number(),
  scores: z.array(z.object({ criterionId: z.string(), level: z.number().int(), comment: z.string() })),
  overallComment: z.string(),
  /** The rubric's weighted score, 0 to 100 (rubricScore). */
  score: z.number(),
  /** The chosen levels' points, and the most the rubric gives (unweighted sums). */
  points: z.number(),
  maximumPoints: z.number(),
  /** The scored elements at the lowest share of their maximum; none when all are at their best. */
  weakest: z.array(chosenLevelSchema),
  /** The elements not scored yet. */
  unscored: z.array(z.object({ criterionId: z.string(), title: z.string() })),
  updatedAt: isoDateTime,
});
export type DesignReview = z.infer<typeof designReviewSchema>;

/** GET and PUT /api/projects/:id/design-review */
export const designReviewResponseSchema = z.object({
  review: designReviewSchema.nullable(),
  rubric: designReviewRubricSchema,
});
export type DesignReviewResponse = z.infer<typeof designReviewResponseSchema>;
