import { z } from "zod";
import {
  CONVERSION_LIMITS,
  CONVERTER_DISCIPLINE_VALUES,
  normaliseDiscipline,
} from "../domain/conversions.ts";
import { id, idParams, isoDateTime, pageQuery, searchText, text } from "./common.ts";

export const CONVERSION_MESSAGES = {
  objectiveShort: `Objective must be at least ${CONVERSION_LIMITS.objectiveMin} characters`,
  objectiveLong: `Objective must be at most ${CONVERSION_LIMITS.objectiveMax.toLocaleString("en-US")} characters`,
  discipline: "Please select a discipline",
  contextLong: `Additional context must be at most ${CONVERSION_LIMITS.contextMax.toLocaleString("en-US")} characters`,
  rating: "Rating must be a whole number from 1 to 5",
} as const;

const originalObjective = text("Objective", CONVERSION_MESSAGES.objectiveShort)
  .trim()
  .min(CONVERSION_LIMITS.objectiveMin, CONVERSION_MESSAGES.objectiveShort)
  .max(CONVERSION_LIMITS.objectiveMax, CONVERSION_MESSAGES.objectiveLong);

/** spec A §9: "Data Science" and "data-science" name the same discipline. */
const discipline = text("Discipline", CONVERSION_MESSAGES.discipline)
  .transform(normaliseDiscipline)
  .pipe(z.enum(CONVERTER_DISCIPLINE_VALUES, { error: CONVERSION_MESSAGES.discipline }));

const context = text("Additional context")
  .trim()
  .max(CONVERSION_LIMITS.contextMax, CONVERSION_MESSAGES.contextLong)
  .optional();

/** The converter form (spec A §3, §5). */
export const conversionFormSchema = z.object({
  discipline: z.string().min(1, CONVERSION_MESSAGES.discipline),
  originalObjective,
  context,
});
export type ConversionFormValues = z.input<typeof conversionFormSchema>;

export const generateConversionSchema = z.strictObject({ originalObjective, discipline, context });
export type GenerateConversionInput = z.infer<typeof generateConversionSchema>;
/** What a client sends (the discipline before normalisation). */
export type GenerateConversionRequest = z.input<typeof generateConversionSchema>;

/** "template", or the name of the model that wrote the framework. */
export const conversionSourceSchema = text("Source")
  .trim()
  .min(1, "Source is required")
  .max(120, "Source must be at most 120 characters");

export const createConversionSchema = z.strictObject({
  /** Optional; when sent it must be the caller's own id. */
  facultyId: id("faculty id").optional(),
  originalObjective,
  convertedFramework: text("Converted framework", "Converted framework is required")
    .trim()
    .min(1, "Converted framework is required")
    .max(20_000, "Converted framework must be at most 20,000 characters"),
  discipline,
  source: conversionSourceSchema.default("template"),
});
export type CreateConversionInput = z.input<typeof createConversionSchema>;
export type CreateConversionData = z.output<typeof createConversionSchema>;

export const ratingSchema = z.strictObject({
  feedbackRating: z
    .number({ error: CONVERSION_MESSAGES.rating })
    .int(CONVERSION_MESSAGES.rating)
    .min(1, CONVERSION_MESSAGES.rating)
    .max(5, CONVERSION_MESSAGES.rating),
});

export const conversionIdParamsSchema = idParams("id", "conversion id");

export const HISTORY_PAGE_SIZE = 10;

export const conversionListQuerySchema = z.object({
  q: searchText(200, "Search must be at most 200 characters").optional(),
  ...pageQuery,
});

/** A saved conversion, as the history, save and rating calls answer it. */
export const objectiveConversionSchema = z.object({
  id: z.number(),
  facultyId: z.number(),
  discipline: z.string(),
  originalObjective: z.string(),
  convertedFramework: z.string(),
  source: z.string(),
  feedbackRating: z.number().nullable(),
  createdAt: isoDateTime,
});
export type ObjectiveConversion = z.infer<typeof objectiveConversionSchema>;

/** GET /api/objective-conversions/faculty/:facultyId/stats (Your Stats). */
export const conversionStatsSchema = z.object({
  totalConversions: z.number(),
  disciplines: z.number(),
  averageRating: z.number(),
});
export type ConversionStats = z.infer<typeof conversionStatsSchema>;

/**
 * Lines of the generate stream (application/x-ndjson), in order: `start` says which writer is
 * answering (the model, with its name, or the template, with the reason); `delta` carries text as
 * it is written; `fallback` says the model failed after it had started (discard what arrived, the
 * template follows); `done` carries the whole text and its source.
 */
export const generateEventSchema = z.union([
  z.object({
    type: z.literal("start"),
    source: z.enum(["model", "template"]),
    model: z.string().optional(),
    reason: z.string().optional(),
  }),
  z.object({ type: z.literal("delta"), text: z.string() }),
  z.object({ type: z.literal("fallback"), reason: z.string() }),
  z.object({ type: z.literal("done"), source: z.string(), text: z.string() }),
]);
export type GenerateEvent = z.infer<typeof generateEventSchema>;

/** Which AI key a faculty member's conversions would use (ARCHITECTURE: AI). */
export const aiStatusSchema = z.object({
  keySource: z.enum(["personal", "system", "environment", "none"]),
  model: z.string().nullable(),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;
