import { z } from "zod";
import { CHECK_IN_ORIGINS, COGNITIVE_CONTEXTS } from "../domain/cognitive-load.ts";
import { PACING_ACTION_KINDS, PACING_MEASURES, PACING_STAGES } from "../domain/cognitive-load-pacing.ts";
import { timeframeSchema } from "./cognitive-load.ts";
import { id, idParam, isoDateTime } from "./common.ts";

/**
 * Pacing suggestions of one project (spec B §9, docs/decisions/0063-pacing-suggestions.md): the
 * slice's interventions with actions in the product, and the actions applied with their effect.
 */

export const PACING_MESSAGES = {
  interventionNotProposed: "This intervention is not proposed for the project's check-ins now.",
  actionNotOffered: "This action is not offered for the project now: reload the suggestions.",
  actionNotFound: "Applied action not found.",
  suggestionsOff: "Suggestions are off for this project.",
  alreadyApplied: "This action is already marked as applied.",
} as const;

export const pacingStageSchema = z.enum(PACING_STAGES, { error: "Stage must be pivot or launch" });
const interventionId = z
  .string({ error: "Intervention must be the id of a proposed intervention" })
  .min(1, "Intervention must be the id of a proposed intervention")
  .max(60, "Intervention must be the id of a proposed intervention");

export const pacingSuggestionsQuerySchema = z.object({
  timeframe: timeframeSchema.default("30d"),
  /** The slice's context: the interventions read it, and a chosen stage is the only one under pressure. */
  context: z
    .enum(["all", ...COGNITIVE_CONTEXTS], { error: "Context must be all, pivot, launch or assessment" })
    .default("all"),
  origin: z.enum(CHECK_IN_ORIGINS, { error: "Origin must be students or entered" }).default("students"),
});
export type PacingSuggestionsQuery = z.infer<typeof pacingSuggestionsQuerySchema>;

/** "Mark as applied" of a link action (the one-click review session records itself). */
export const applyPacingActionSchema = z.strictObject({
  interventionId,
  kind: z.enum(["worked-example", "split-deliverable", "move-due-date"], {
    error: "Kind must be worked-example, split-deliverable or move-due-date",
  }),
  stage: pacingStageSchema,
  targetId: id("target"),
});
export type ApplyPacingAction = z.infer<typeof applyPacingActionSchema>;

export const scheduleReviewSessionSchema = z.strictObject({ interventionId, stage: pacingStageSchema });
export type ScheduleReviewSession = z.infer<typeof scheduleReviewSessionSchema>;

export const pacingActionParamsSchema = z.object({
  id: idParam("project id"),
  actionId: idParam("applied action id"),
});

const means = z.object(
  Object.fromEntries(PACING_MEASURES.map((m) => [m, z.number()])) as Record<
    (typeof PACING_MEASURES)[number],
    z.ZodNumber
  >,
);
const effectSide = z.object({
  responses: z.number(),
  means: means.nullable(),
  notice: z.string().nullable(),
});

/** An action offered with an intervention: a link to the place it is done, or one click. */
export const pacingActionSchema = z.object({
  kind: z.enum(PACING_ACTION_KINDS),
  stage: pacingStageSchema,
  label: z.string(),
  /** One sentence with its numbers: the concept's recall or the milestone's name and date. */
  why: z.string(),
  targetId: z.number(),
  /** The screen that does it (link actions); null for the one-click review session. */
  href: z.string().nullable(),
  /** The applied record of this very action (same intervention, kind and target), if any. */
  appliedId: z.number().nullable(),
});
export type PacingAction = z.infer<typeof pacingActionSchema>;

export const appliedPacingActionSchema = z.object({
  id: z.number(),
  interventionId: z.string(),
  kind: z.enum(PACING_ACTION_KINDS),
  stage: pacingStageSchema,
  targetId: z.number(),
  targetLabel: z.string(),
  appliedAt: isoDateTime,
  appliedBy: z.number(),
  before: means.nullable(),
  beforeResponses: z.number(),
  /** The stage's check-ins of the 14 days before and after, each side withheld below 3. */
  effect: z.object({ before: effectSide, after: effectSide }),
});
export type AppliedPacingAction = z.infer<typeof appliedPacingActionSchema>;

export const pacingSuggestionsSchema = z.object({
  projectId: z.number(),
  suggestionsOn: z.boolean(),
  pressures: z.array(
    z.object({
      stage: pacingStageSchema,
      responses: z.number(),
      reasons: z.array(z.enum(["effort", "extraneous", "intrinsic"])),
      /** What the stage's check-ins show, with the figures and thresholds, in one sentence. */
      text: z.string(),
    }),
  ),
  interventions: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      action: z.string(),
      why: z.string(),
      actions: z.array(pacingActionSchema),
    }),
  ),
  applied: z.array(appliedPacingActionSchema),
});
export type PacingSuggestions = z.infer<typeof pacingSuggestionsSchema>;

export const reviewSessionResultSchema = z.object({
  milestone: z.object({
    id: z.number(),
    title: z.string(),
    dueAt: isoDateTime,
    deliverables: z.array(z.string()),
  }),
  action: appliedPacingActionSchema,
});
