import { z } from "zod";
import {
  CHECK_IN_ORIGINS,
  COGNITIVE_CONTEXTS,
  INDICATOR_IDS,
  ITEM_COUNTS,
  MEASURES,
  SCALES,
  TIMEFRAMES,
} from "../domain/cognitive-load.ts";
import { id, isoDateTime, text } from "./common.ts";

/**
 * Cognitive Load Analytics (spec B §3): the check-in's body with its published instruments' names, the
 * summary with spec §3's names plus `responses`, imports and the semester setting.
 */

/** The earliest day an imported check-in may carry (older dates are typing errors). */
export const CHECK_IN_EARLIEST_DAY = "2000-01-01";

export const COGNITIVE_LOAD_MESSAGES = {
  received: "Thank you! Your check-in was recorded.",
  rateLimited: "Too many check-ins. Please wait a minute and try again.",
  projectNotFound: "Project not found.",
  importDate: `Date must be a date (YYYY-MM-DD) from ${CHECK_IN_EARLIEST_DAY} up to today`,
  notEnoughToExport: (n: number) => `Not enough responses yet: ${n} of 3. Nothing to export.`,
} as const;

/** A whole number within a scale, refused with a message naming the item and its range. */
const scale = (label: string, { min, max }: { min: number; max: number }) => {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** A list of items of the 0-10 questionnaire: each message names the item ("Extraneous item 2 ..."). */
const items = (label: string, count: number) => {
  const { min, max } = SCALES.loadItem;
  const listMessage = `${label} items must be a list of ${count} numbers from ${min} to ${max}`;
  return z
    .array(z.unknown(), { error: listMessage })
    .length(count, listMessage)
    .superRefine((values, ctx) => {
      values.forEach((value, index) => {
        if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)
          ctx.addIssue({
            code: "custom",
            path: [index],
            message: `${label} item ${index + 1} must be a whole number from ${min} to ${max}`,
          });
      });
    })
    .transform((values) => values as number[]);
};

export const contextSchema = z.enum(COGNITIVE_CONTEXTS, {
  error: "Context must be pivot, launch or assessment",
});

const refocus = (() => {
  const { min, max } = SCALES.refocusMinutes;
  const message = `Minutes to refocus must be a number from ${min} to ${max}`;
  return z.number({ error: message }).min(min, message).max(max, message);
})();

/** POST /api/public/cognitive-load/:token: one check-in, with the instruments' names. */
export const checkInSchema = z.strictObject({
  context: contextSchema,
  mentalEffort: scale("Mental effort", SCALES.mentalEffort),
  intrinsicItems: items("Intrinsic", ITEM_COUNTS.intrinsic),
  extraneousItems: items("Extraneous", ITEM_COUNTS.extraneous),
  germaneItems: items("Germane", ITEM_COUNTS.germane),
  technostress: scale("Technostress", SCALES.technostress),
  interruptions: scale("Interruptions", SCALES.interruptions),
  taskMinutes: scale("Task length in minutes", SCALES.taskMinutes),
  refocusMinutes: refocus,
  remark: text("Remark")
    .trim()
    .max(1000, "Remark must be at most 1,000 characters")
    .optional()
    .transform((remark) => (remark ? remark : undefined)),
});
export type CheckInInput = z.infer<typeof checkInSchema>;

/** POST /api/cognitive-load/check-ins: an instructor records one (a paper survey) for an owned project. */
export const recordCheckInSchema = checkInSchema.extend({ projectId: id("project id") });
export type RecordCheckInInput = z.infer<typeof recordCheckInSchema>;

export const checkInReceiptSchema = z.object({ id: z.number(), message: z.string() });

export const timeframeSchema = z.enum(TIMEFRAMES, { error: "Timeframe must be 7d, 30d, semester or all" });
const projectIdQuery = z.coerce
  .number({ error: "Invalid project id" })
  .int("Invalid project id")
  .positive("Invalid project id")
  .max(2_147_483_647, "Invalid project id");

/** The slice every read takes: timeframe, context (or all), and optionally one project. */
export const sliceQuerySchema = z.object({
  timeframe: timeframeSchema.default("30d"),
  context: z
    .enum(["all", ...COGNITIVE_CONTEXTS], { error: "Context must be all, pivot, launch or assessment" })
    .default("all"),
  projectId: projectIdQuery.optional(),
  /** The students' check-ins (default) or those the instructor entered, never both in one figure. */
  origin: z.enum(CHECK_IN_ORIGINS, { error: "Origin must be students or entered" }).default("students"),
});
export type SliceQuery = z.infer<typeof sliceQuerySchema>;

const colour = z.enum(["green", "amber", "red"]);
const averagesSchema = z.object(
  Object.fromEntries(MEASURES.map((m) => [m, z.number()])) as Record<(typeof MEASURES)[number], z.ZodNumber>,
);
const trendSchema = z.object({ change: z.number().nullable(), arrow: z.enum(["up", "down", "neutral"]) });

const breakdownSchema = z.object({
  responses: z.number(),
  mentalEffort: z.number().nullable(),
  intrinsicLoad: z.number().nullable(),
  extraneousLoad: z.number().nullable(),
  germaneLoad: z.number().nullable(),
});

export const cognitiveLoadSummarySchema = z.object({
  timeframe: timeframeSchema,
  context: z.enum(["all", ...COGNITIVE_CONTEXTS]),
  projectId: z.number().nullable(),
  origin: z.enum(CHECK_IN_ORIGINS),
  from: isoDateTime.nullable(),
  to: isoDateTime,
  semesterStart: z.string(),
  responses: z.number(),
  /** Whether the instructor's projects have any check-in at all (else the screen's empty state). */
  hasCheckIns: z.boolean(),
  minimumResponses: z.number(),
  /** "Not enough responses yet: N of 3" below the threshold, else null. */
  notice: z.string().nullable(),
  currentAverages: averagesSchema.nullable(),
  colours: z.object({ mentalEffort: colour, extraneousLoad: colour, germaneLoad: colour }).nullable(),
  previousResponses: z.number(),
  trends: z.record(z.enum(MEASURES), trendSchema).nullable(),
  overloadIndicators: z.array(
    z.object({
      id: z.enum(INDICATOR_IDS),
      indicator: z.string(),
      frequency: z.number(),
      held: z.number(),
      severity: z.enum(["high", "medium", "low"]),
    }),
  ),
  contextualBreakdown: z.object(
    Object.fromEntries(COGNITIVE_CONTEXTS.map((c) => [c, breakdownSchema])) as Record<
      (typeof COGNITIVE_CONTEXTS)[number],
      typeof breakdownSchema
    >,
  ),
  interventions: z.array(
    z.object({ id: z.string(), title: z.string(), action: z.string(), why: z.string() }),
  ),
  /** Detailed Metrics: one point per day or week; figures null below 3 responses in that bucket. */
  series: z.array(
    z.object({
      bucket: z.string(),
      context: z.enum(["all", ...COGNITIVE_CONTEXTS]),
      responses: z.number(),
      averages: averagesSchema.nullable(),
    }),
  ),
  bucket: z.enum(["day", "week"]),
  /** The newest remarks of the slice, without names (none below 3 responses). */
  remarks: z.array(z.object({ text: z.string(), context: contextSchema, date: z.string() })),
});
export type CognitiveLoadSummary = z.infer<typeof cognitiveLoadSummarySchema>;

/** The semester start the "semester" timeframe counts from. */
export const semesterSettingSchema = z.strictObject({
  semesterStart: text("Semester start")
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Semester start must be a date (YYYY-MM-DD)")
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      "Semester start must be a date (YYYY-MM-DD)",
    ),
});
export const semesterSettingAnswerSchema = z.object({ semesterStart: z.string(), isDefault: z.boolean() });

export const importCheckInsQuerySchema = z.strictObject({
  dryRun: z.enum(["true", "false"], { error: "dryRun must be true or false" }).default("false"),
});
export const importCheckInsBodySchema = z.strictObject({
  projectId: id("project id"),
  csv: text("CSV").max(900_000, "The file must be at most 900 KB"),
});
export const importCheckInsResultSchema = z.object({
  dryRun: z.boolean(),
  imported: z.number(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
  preview: z.array(
    z.object({ line: z.number(), context: contextSchema, mentalEffort: z.number(), date: z.string() }),
  ),
});
export type ImportCheckInsResult = z.infer<typeof importCheckInsResultSchema>;

/** The columns of the CSV export, which the import reads back (project is ignored on import). */
export const CHECK_IN_CSV_COLUMNS = [
  "date",
  "project",
  "context",
  "mental_effort",
  "intrinsic_1",
  "intrinsic_2",
  "intrinsic_3",
  "extraneous_1",
  "extraneous_2",
  "extraneous_3",
  "germane_1",
  "germane_2",
  "germane_3",
  "germane_4",
  "technostress",
  "interruptions",
  "task_minutes",
  "refocus_minutes",
  "remark",
] as const;
