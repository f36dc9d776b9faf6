import { z } from "zod";
import {
  CONVERSION_LIMITS,
  CONVERTER_DISCIPLINE_VALUES,
  normaliseDiscipline,
} from "../domain/conversions.ts";

export const CONVERSION_MESSAGES = {
  objectiveShort: `Objective must be at least ${CONVERSION_LIMITS.objectiveMin} characters`,
  objectiveLong: `Objective must be at most ${CONVERSION_LIMITS.objectiveMax.toLocaleString("en-US")} characters`,
  discipline: "Please select a discipline",
  contextLong: `Additional context must be at most ${CONVERSION_LIMITS.contextMax.toLocaleString("en-US")} characters`,
  rating: "Rating must be a whole number from 1 to 5",
} as const;

const originalObjective = z
  .string({ error: CONVERSION_MESSAGES.objectiveShort })
  .trim()
  .min(CONVERSION_LIMITS.objectiveMin, CONVERSION_MESSAGES.objectiveShort)
  .max(CONVERSION_LIMITS.objectiveMax, CONVERSION_MESSAGES.objectiveLong);

/** spec A §9: "Data Science" and "data-science" name the same discipline. */
const discipline = z
  .string({ error: CONVERSION_MESSAGES.discipline })
  .transform(normaliseDiscipline)
  .pipe(z.enum(CONVERTER_DISCIPLINE_VALUES, { error: CONVERSION_MESSAGES.discipline }));

const context = z
  .string()
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
export const conversionSourceSchema = z.string().trim().min(1).max(120);

export const createConversionSchema = z.strictObject({
  /** Optional; when sent it must be the caller's own id. */
  facultyId: z.number().int().positive().optional(),
  originalObjective,
  convertedFramework: z
    .string({ error: "Converted framework is required" })
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

export const conversionIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: "Invalid conversion id" })
    .int("Invalid conversion id")
    .positive("Invalid conversion id"),
});

export const HISTORY_PAGE_SIZE = 10;

export const conversionListQuerySchema = z.object({
  q: z.string().trim().max(200, "Search must be at most 200 characters").optional(),
  limit: z.coerce
    .number({ error: "limit must be a number from 1 to 100" })
    .int("limit must be a number from 1 to 100")
    .min(1, "limit must be a number from 1 to 100")
    .max(100, "limit must be a number from 1 to 100")
    .default(100),
  offset: z.coerce
    .number({ error: "offset must be 0 or more" })
    .int("offset must be 0 or more")
    .min(0, "offset must be 0 or more")
    .default(0),
});

export interface ObjectiveConversion {
  id: number;
  facultyId: number;
  discipline: string;
  originalObjective: string;
  convertedFramework: string;
  source: string;
  feedbackRating: number | null;
  createdAt: string;
}

export interface ConversionStats {
  totalConversions: number;
  disciplines: number;
  averageRating: number;
}

/** Lines of the generate stream (application/x-ndjson), in order. */
export type GenerateEvent =
  /** Which writer is answering: the model (with its name) or the template. */
  | { type: "start"; source: "model" | "template"; model?: string; reason?: string }
  | { type: "delta"; text: string }
  /** The model failed after it had started: discard what arrived, the template follows. */
  | { type: "fallback"; reason: string }
  | { type: "done"; source: string; text: string };

/** Which AI key a faculty member's conversions would use (ARCHITECTURE: AI). */
export interface AiStatus {
  keySource: "personal" | "system" | "environment" | "none";
  model: string | null;
}
