import { z } from "zod";
import { RUBRIC_LIMITS, rubricProblems } from "../domain/rubrics.ts";
import { idParams, isoDateTime, text } from "./common.ts";

export { RUBRIC_LIMITS, RUBRIC_MESSAGES } from "../domain/rubrics.ts";

/*
 * Rubrics: criteria × levels. The structure is checked field by field; what a person gets wrong in
 * the builder (a blank title or points, a weight of 0, too many rows) is checked by `rubricProblems`
 * so that each message names its cell: `Criterion 2 ("Evidence"), level 3: points are required`.
 */

// Generous structural bounds: the precise limits and their messages come from rubricProblems.
const STRUCTURE_MAX = 10_000;

const rubricLevelInputSchema = z.strictObject({
  title: text("A level's title").max(STRUCTURE_MAX, "A level's title is too long"),
  descriptor: text("A level's descriptor").max(STRUCTURE_MAX, "A level's descriptor is too long").default(""),
  /** Blank (null) while the instructor has not given them: refused with the cell's message. */
  points: z
    .number({ error: "Points must be a number" })
    .max(1_000_000, "Points must be at most 1,000,000")
    .nullable()
    .optional(),
});

const rubricCriterionInputSchema = z.strictObject({
  /** Kept when given (assessments refer to it); a new criterion gets one on saving. */
  id: text("A criterion's id")
    .trim()
    .min(1, "A criterion's id must not be blank")
    .max(64, "A criterion's id must be at most 64 characters")
    .optional(),
  title: text("A criterion's title").max(STRUCTURE_MAX, "A criterion's title is too long"),
  weight: z
    .number({ error: "A criterion's weight must be a number" })
    .max(1000, "A criterion's weight must be at most 1000"),
  levels: z
    .array(rubricLevelInputSchema, { error: "A criterion's levels must be a list" })
    .max(100, "Too many levels"),
});

/** POST /api/rubrics, PUT /api/rubrics/:id */
export const rubricInputSchema = z
  .strictObject({
    title: text("Title")
      .trim()
      .min(1, "Title is required")
      .max(RUBRIC_LIMITS.title, `Title must be at most ${RUBRIC_LIMITS.title} characters`),
    description: text("Description")
      .max(RUBRIC_LIMITS.description, `Description must be at most ${RUBRIC_LIMITS.description} characters`)
      .default(""),
    criteria: z
      .array(rubricCriterionInputSchema, { error: "Criteria must be a list" })
      .max(100, "Too many criteria"),
  })
  .superRefine((rubric, context) => {
    for (const problem of rubricProblems(rubric.criteria)) {
      context.addIssue({ code: "custom", path: problem.path, message: problem.message });
    }
  });
export type RubricInput = z.input<typeof rubricInputSchema>;
export type RubricValues = z.output<typeof rubricInputSchema>;

export const rubricLevelSchema = z.object({ title: z.string(), descriptor: z.string(), points: z.number() });
export const rubricCriterionSchema = z.object({
  id: z.string(),
  title: z.string(),
  weight: z.number(),
  levels: z.array(rubricLevelSchema),
});

export const rubricSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  criteria: z.array(rubricCriterionSchema),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Rubric = z.infer<typeof rubricSchema>;

export const rubricsResponseSchema = z.object({ rubrics: z.array(rubricSchema) });

/** A starting point for the builder: a rubric not saved yet. */
export const rubricStartSchema = z.object({
  title: z.string(),
  description: z.string(),
  criteria: z.array(rubricCriterionSchema),
});
export type RubricStart = z.infer<typeof rubricStartSchema>;

/** POST /api/rubrics/from-deliverables */
export const rubricFromDeliverablesSchema = z.strictObject({
  title: text("Title")
    .trim()
    .min(1, "Title is required")
    .max(RUBRIC_LIMITS.title, `Title must be at most ${RUBRIC_LIMITS.title} characters`),
  deliverables: z
    .array(
      text("A deliverable")
        .trim()
        .min(1, "A deliverable must not be blank")
        .max(RUBRIC_LIMITS.title, `A deliverable must be at most ${RUBRIC_LIMITS.title} characters`),
      { error: "Deliverables must be a list" },
    )
    .min(1, "Add at least one deliverable")
    .max(
      RUBRIC_LIMITS.criteria - 1,
      `At most ${RUBRIC_LIMITS.criteria - 1} deliverables (one criterion is the pivot concepts)`,
    ),
});
export type RubricFromDeliverablesInput = z.input<typeof rubricFromDeliverablesSchema>;

export const RUBRIC_EXPORT_FORMATS = ["csv", "docx"] as const;
export type RubricExportFormat = (typeof RUBRIC_EXPORT_FORMATS)[number];

/** GET /api/rubrics/:id/export */
export const rubricExportQuerySchema = z.object({
  format: z.enum(RUBRIC_EXPORT_FORMATS, { error: "Format must be one of: csv, docx" }),
});

export const rubricIdParamsSchema = idParams("id", "rubric id");
