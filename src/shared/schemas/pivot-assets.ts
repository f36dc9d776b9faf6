import { z } from "zod";
import { isTimeZone } from "../domain/pivot-assets.ts";
import { id, idParams, isoDateTime, searchText, text } from "./common.ts";

/**
 * Pivot Assets (spec B §2, §3, §5): concept cards, disciplines, worked examples,
 * retrieval items scheduled with FSRS, and the figures of the screen.
 */

/** spec B §5, verbatim. */
export const PIVOT_MESSAGES = {
  cardRequired: "Please fill in all required fields (title, discipline, and definition).",
  disciplineEmpty: "Please enter a discipline name.",
  disciplineDuplicate: "A discipline with this name already exists.",
  cardCreated: (title: string) => `Successfully created pivot card: "${title}"`,
  cardNotFound: "Pivot card not found.",
  exampleNotFound: "Worked example not found.",
  itemNotFound: "Retrieval item not found.",
  unknownDiscipline: "Please choose one of your disciplines.",
  nothingToUndo: "This item has no review to undo.",
  noCheckIns: "No check-ins yet",
  noAdherence: "No reviews fell due in the last 30 days",
} as const;

const long = (label: string, max: number) =>
  text(label)
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`);

const required = (label: string, max: number) =>
  text(label, PIVOT_MESSAGES.cardRequired)
    .trim()
    .min(1, PIVOT_MESSAGES.cardRequired)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`);

/** Misconceptions as the form sends them (one text split on commas) or as a list. */
const misconceptions = z
  .union([
    long("Misconceptions", 5000),
    z.array(long("A misconception", 500)).max(50, "At most 50 misconceptions"),
  ])
  .optional();

export const createPivotCardSchema = z.strictObject({
  title: required("Title", 200),
  discipline: required("Discipline", 80),
  definition: required("Definition", 5000),
  constraints: long("Constraints", 5000).optional(),
  minimalExample: long("Minimal example", 5000).optional(),
  counterExample: long("Counter example", 5000).optional(),
  misconceptions,
  projectId: id("project id").nullable().optional(),
});
export type CreatePivotCardInput = z.infer<typeof createPivotCardSchema>;
/** POST /api/pivot-cards/batch: several cards made at once (a project's drafts), all or none. */
export const createPivotCardsSchema = z.strictObject({
  cards: z
    .array(createPivotCardSchema, { error: "Cards must be a list" })
    .min(1, "Choose at least one card")
    .max(50, "At most 50 cards at once"),
});
/** PUT /api/pivot-cards/:id/project: attaches one's card to one's project, or detaches it (null). */
export const setCardProjectSchema = z.strictObject({
  projectId: id("project id").nullable(),
});

/** PUT sends the whole card again (the dialog's fields), with the same rules. */
export const updatePivotCardSchema = createPivotCardSchema;

export const pivotCardSchema = z.object({
  id: z.number(),
  title: z.string(),
  discipline: z.string(),
  disciplineLabel: z.string(),
  definition: z.string(),
  constraints: z.string(),
  minimalExample: z.string(),
  counterExample: z.string(),
  misconceptions: z.array(z.string()),
  projectId: z.number().nullable(),
  /** YYYY-MM-DD, as spec §3 shows it. */
  createdAt: z.string(),
  /** How many reviews its items have had. */
  retrievalCount: z.number(),
  itemCount: z.number(),
  /** Mean FSRS retrievability of its items now; 0 before any review. */
  masteryLevel: z.number(),
  masteryColour: z.enum(["green", "amber", "red"]),
});
export type PivotCard = z.infer<typeof pivotCardSchema>;

export const pivotCardCreatedSchema = pivotCardSchema.extend({ message: z.string() });

export const pivotCardListQuerySchema = z.strictObject({
  q: searchText(200, "Search must be at most 200 characters").optional(),
  discipline: searchText(80, "Discipline must be at most 80 characters").optional(),
});

export const disciplineSchema = z.object({ value: z.string(), label: z.string(), builtIn: z.boolean() });
export type Discipline = z.infer<typeof disciplineSchema>;
export const createDisciplineSchema = z.strictObject({
  name: text("Name", PIVOT_MESSAGES.disciplineEmpty)
    .trim()
    .min(1, PIVOT_MESSAGES.disciplineEmpty)
    .max(60, "A discipline name must be at most 60 characters"),
});
export const disciplineCreatedSchema = disciplineSchema.extend({ message: z.string() });

const list = (label: string, max: number) =>
  z
    .array(long(label, 2000), { error: `${label}s must be a list` })
    .max(max, `At most ${max} ${label.toLowerCase()}s`)
    .transform((values) => values.filter((value) => value.length > 0));

export const createWorkedExampleSchema = z.strictObject({
  pivotCardId: id("pivot card id"),
  title: text("Title", "Title is required")
    .trim()
    .min(1, "Title is required")
    .max(200, "Title must be at most 200 characters"),
  steps: list("Step", 50).refine((steps) => steps.length > 0, "Add at least one step"),
  selfExplanationPrompts: list("Prompt", 20).default([]),
  completionProblem: long("Completion problem", 5000).default(""),
});
export type CreateWorkedExampleInput = z.infer<typeof createWorkedExampleSchema>;
export const workedExampleSchema = z.object({
  id: z.number(),
  pivotCardId: z.number(),
  pivotCardTitle: z.string(),
  title: z.string(),
  steps: z.array(z.string()),
  selfExplanationPrompts: z.array(z.string()),
  completionProblem: z.string(),
  createdAt: isoDateTime,
});
export type WorkedExample = z.infer<typeof workedExampleSchema>;

export const RETRIEVAL_TYPES = ["flashcard", "concept-check"] as const;
const question = text("Question", "Question is required")
  .trim()
  .min(1, "Question is required")
  .max(2000, "Question must be at most 2,000 characters");

const flashcardFields = z.strictObject({
  pivotCardId: id("pivot card id"),
  type: z.literal("flashcard"),
  question,
  answer: text("Answer", "Answer is required")
    .trim()
    .min(1, "Answer is required")
    .max(5000, "Answer must be at most 5,000 characters"),
});
const conceptCheckFields = z.strictObject({
  pivotCardId: id("pivot card id"),
  type: z.literal("concept-check"),
  question,
  options: z
    .array(
      text("An option")
        .trim()
        .min(1, "Options must not be empty")
        .max(500, "Each option must be at most 500 characters"),
      {
        error: "Options must be a list",
      },
    )
    .min(2, "A concept check needs 2 to 6 options")
    .max(6, "A concept check needs 2 to 6 options"),
  correctIndex: z
    .number({ error: "Choose the correct option" })
    .int("Choose the correct option")
    .min(0, "Choose the correct option")
    .max(5, "Choose the correct option"),
});
export const createRetrievalItemSchema = z
  .discriminatedUnion("type", [flashcardFields, conceptCheckFields], {
    error: "Type must be flashcard or concept-check",
  })
  .refine((item) => item.type !== "concept-check" || item.correctIndex < item.options.length, {
    message: "Choose the correct option",
    path: ["correctIndex"],
  });
export type CreateRetrievalItemInput = z.infer<typeof createRetrievalItemSchema>;

/** A retrieval item's card and content, as the instructor and a student both see it. */
export const retrievalItemContent = {
  pivotCardId: z.number(),
  pivotCardTitle: z.string(),
  discipline: z.string(),
  type: z.enum(RETRIEVAL_TYPES),
  question: z.string(),
  answer: z.string().nullable(),
  options: z.array(z.string()).nullable(),
  correctIndex: z.number().nullable(),
};
/** An item's FSRS state. */
export const scheduleState = z.enum(["new", "learning", "review", "relearning"]);
/** What each grade would schedule from now, for the buttons ("Good · 3 d"). */
export const gradeIntervals = z.object({
  again: z.string(),
  hard: z.string(),
  good: z.string(),
  easy: z.string(),
});

export const retrievalItemSchema = z.object({
  id: z.number(),
  ...retrievalItemContent,
  /** FSRS difficulty, 1 to 10; null before the first review. */
  difficulty: z.number().nullable(),
  lastShown: isoDateTime.nullable(),
  nextDue: isoDateTime,
  state: scheduleState,
  reps: z.number(),
  overdue: z.boolean(),
  /** Probability of recall now (FSRS); 0 before any review. */
  retrievability: z.number(),
  intervals: gradeIntervals,
});
export type RetrievalItem = z.infer<typeof retrievalItemSchema>;

export const suggestedItemSchema = z.union([
  z.object({ type: z.literal("flashcard"), question: z.string(), answer: z.string() }),
  z.object({
    type: z.literal("concept-check"),
    question: z.string(),
    options: z.array(z.string()),
    correctIndex: z.number(),
  }),
]);
export const suggestionsSchema = z.object({
  source: z.enum(["model", "template"]),
  reason: z.string().nullable(),
  items: z.array(suggestedItemSchema),
});
export const acceptItemsSchema = z.strictObject({
  items: z
    .array(createRetrievalItemSchema)
    .min(1, "Choose at least one item")
    .max(20, "At most 20 items at once"),
});

/** An IANA time zone name the browser sends (Intl.DateTimeFormat().resolvedOptions().timeZone). */
export const timeZone = z
  .string({ error: "Time zone must be an IANA name such as Europe/Paris" })
  .max(64, "Time zone must be an IANA name such as Europe/Paris")
  .refine(isTimeZone, "Time zone must be an IANA name such as Europe/Paris")
  .default("UTC");
export const tzQuerySchema = z.strictObject({ tz: timeZone });
/** How many due items one request may list. */
export const dueLimit = z.coerce
  .number({ error: "limit must be a number from 1 to 200" })
  .int("limit must be a number from 1 to 200")
  .min(1, "limit must be a number from 1 to 200")
  .max(200, "limit must be a number from 1 to 200")
  .default(50);
export const dueQuerySchema = z.strictObject({ tz: timeZone, limit: dueLimit });
export const dueListSchema = z.object({ total: z.number(), items: z.array(retrievalItemSchema) });

export const RATINGS = { again: 1, hard: 2, good: 3, easy: 4 } as const;
/** A review's grade: 1 (Again) to 4 (Easy). */
export const rating = z
  .number({ error: "Rating must be 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)" })
  .int("Rating must be 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)")
  .min(1, "Rating must be 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)")
  .max(4, "Rating must be 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)");
export const reviewSchema = z.strictObject({ rating });

export const RETENTION_MIN = 0.7;
export const RETENTION_MAX = 0.97;
export const DEFAULT_RETENTION = 0.9;
export const pivotSettingsSchema = z.object({ desiredRetention: z.number() });
export const updatePivotSettingsSchema = z.strictObject({
  desiredRetention: z
    .number({ error: `Desired retention must be between ${RETENTION_MIN} and ${RETENTION_MAX}` })
    .min(RETENTION_MIN, `Desired retention must be between ${RETENTION_MIN} and ${RETENTION_MAX}`)
    .max(RETENTION_MAX, `Desired retention must be between ${RETENTION_MIN} and ${RETENTION_MAX}`),
});

export const pivotStatsSchema = z.object({
  timeZone: z.string(),
  dueToday: z.number(),
  completedThisWeek: z.number(),
  overdue: z.number(),
  averageMastery: z.number().nullable(),
  retrievalAdherence: z.number().nullable(),
  retrievalAdherenceReason: z.string().nullable(),
  atRiskConcepts: z.number(),
  cognitiveLoad: z.number().nullable(),
  cognitiveLoadReason: z.string().nullable(),
  progression: z.array(
    z.object({
      pivotCardId: z.number(),
      title: z.string(),
      masteryLevel: z.number(),
      masteryColour: z.enum(["green", "amber", "red"]),
    }),
  ),
});
export type PivotStats = z.infer<typeof pivotStatsSchema>;

export const importQuerySchema = z.strictObject({
  dryRun: z.enum(["true", "false"], { error: "dryRun must be true or false" }).default("false"),
});
export const importBodySchema = z.strictObject({
  // The app takes bodies up to 1 MiB; the JSON around the text and its escapes take some of it.
  csv: text("CSV").max(900_000, "The file must be at most 900 KB"),
});
/**
 * What an import adds (`cards`, `items`: new ones only) and what it skips: bad rows by line
 * (`errors`) and what is already in one's Pivot Assets (`duplicates`: a card of the same title and
 * discipline, an item of the same type, question and answer on that card), so that re-importing
 * one's own export adds nothing. Each good row says whether it adds or is skipped, and why.
 */
export const importResultSchema = z.object({
  dryRun: z.boolean(),
  cards: z.number(),
  items: z.number(),
  duplicates: z.object({ cards: z.number(), items: z.number() }),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
  preview: z.array(
    z.object({
      line: z.number(),
      title: z.string(),
      discipline: z.string(),
      itemType: z.string().nullable(),
      status: z.enum(["add", "skip"]),
      note: z.string().nullable(),
    }),
  ),
});
export const exportQuerySchema = z.strictObject({
  format: z.enum(["csv", "anki"], { error: "Format must be csv or anki" }).default("csv"),
});

export const pivotIdParams = idParams("id", "id");
