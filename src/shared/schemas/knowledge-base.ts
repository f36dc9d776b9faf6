import { z } from "zod";
import { id, idParams, isoDateTime, pageQuery, searchText, text } from "./common.ts";
import { snippetSchema } from "./snippets.ts";

/**
 * The Institutional Knowledge Base (spec B §2, §3, §5, §7, §9). This file is the contract
 * between the server and the screen: request bodies with the spec's messages, and every answer.
 */

/** spec B §3: the file types an entry may have; `text` is typed content. */
export const KNOWLEDGE_FILE_TYPES = [
  "text",
  "pdf",
  "doc",
  "docx",
  "txt",
  "md",
  "jpg",
  "jpeg",
  "png",
  "gif",
  "mp4",
  "mov",
  "mp3",
  "wav",
  "zip",
  "rar",
] as const;
export type KnowledgeFileType = (typeof KNOWLEDGE_FILE_TYPES)[number];

/** spec B §9 and docs/decisions/0037-knowledge-base-entries-and-scope.md. */
export const KNOWLEDGE_LIMITS = {
  /** The screen searches only when the query is longer than this (spec §5, §9). */
  searchMinLength: 2,
  /** Tags shown in the Filters panel, by count (spec §9). */
  filterTags: 10,
  /** Tags shown on a card before "+N more" (spec §9). */
  cardTags: 3,
  /** Quick upload: files at once, and bytes each (spec §9: 50*1024*1024). */
  quickUploadFiles: 10,
  quickUploadBytes: 50 * 1024 * 1024,
  maxTags: 20,
  maxTagLength: 40,
  titleMax: 200,
  contentMin: 10,
  contentMax: 200_000,
  /** How much of `content` a list or search answer carries (the whole is in GET /:id). */
  previewLength: 600,
  searchDefaultLimit: 20,
  searchMaxLimit: 50,
  /** Passages an answer to a question is written from. */
  askPassages: 6,
  questionMax: 1000,
} as const;

/** spec §5: tags are optional, comma-separated in the form, trimmed per item; empty ones dropped. */
const tags = z
  .array(text("Tag", "Tags must be a list of text"), { error: "Tags must be a list of text" })
  .overwrite((list) => [...new Set(list.map((tag) => tag.trim()).filter((tag) => tag.length > 0))])
  .refine((list) => list.length <= KNOWLEDGE_LIMITS.maxTags, `At most ${KNOWLEDGE_LIMITS.maxTags} tags`)
  .refine(
    (list) => list.every((tag) => tag.length <= KNOWLEDGE_LIMITS.maxTagLength),
    `Each tag must be at most ${KNOWLEDGE_LIMITS.maxTagLength} characters`,
  );

const title = text("Title", "Title is required")
  .trim()
  .min(1, "Title is required")
  .max(KNOWLEDGE_LIMITS.titleMax, `Title must be at most ${KNOWLEDGE_LIMITS.titleMax} characters`);

const content = text("Content", "Content must be at least 10 characters")
  .trim()
  .min(KNOWLEDGE_LIMITS.contentMin, "Content must be at least 10 characters")
  .max(KNOWLEDGE_LIMITS.contentMax, "Content must be at most 200,000 characters");

const isPrivate = z.boolean({ error: "isPrivate must be true or false" });

/**
 * POST /api/knowledge-base (spec B §7 body). `fileUrl`, when given, must be an upload of the caller
 * that is complete (the signed upload flow); the server then takes `fileType` from the stored object, and
 * the entry's content becomes the file's extracted text once the job has read it (a file without
 * text keeps the content sent, a description the person can edit).
 */
export const createKnowledgeEntrySchema = z.strictObject({
  facultyId: id("faculty id").optional(),
  title,
  content,
  fileType: z.enum(KNOWLEDGE_FILE_TYPES, { error: "Unsupported file type" }).default("text"),
  fileUrl: text("File URL").trim().max(600, "File URL must be at most 600 characters").nullish(),
  tags: tags.default([]),
  isPrivate: isPrivate.default(true),
});
export type CreateKnowledgeEntryInput = z.infer<typeof createKnowledgeEntrySchema>;

/** PUT /api/knowledge-base/:id (the spec has no edit). Every field optional, at least one. */
export const updateKnowledgeEntrySchema = z
  .strictObject({ title, content, tags, isPrivate })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Nothing to update");
export type UpdateKnowledgeEntryInput = z.infer<typeof updateKnowledgeEntrySchema>;

export const knowledgeEntryIdParamsSchema = idParams("id", "knowledge entry id");
export const knowledgeFacultyParamsSchema = idParams("facultyId", "faculty id");

/** Where an entry stands in the text pipeline (the same states as a document). */
export const KNOWLEDGE_STATUSES = ["pending", "processing", "ready", "failed"] as const;
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUSES)[number];

/** Whose entries a search reads: one's own, or colleagues' shared ones (`isPrivate: false`). */
export const KNOWLEDGE_SCOPES = ["own", "institution"] as const;
export type KnowledgeScope = (typeof KNOWLEDGE_SCOPES)[number];

/** spec B §3 Knowledge base entry, with the pipeline's state. GET /api/knowledge-base/:id answers it. */
export const knowledgeEntrySchema = z.object({
  id: z.number(),
  facultyId: z.number(),
  title: z.string(),
  content: z.string(),
  fileType: z.enum(KNOWLEDGE_FILE_TYPES),
  fileUrl: z.string().nullable(),
  tags: z.array(z.string()),
  isPrivate: z.boolean(),
  status: z.enum(KNOWLEDGE_STATUSES),
  /** Why the entry's file could not be read, in words a person can read; null otherwise. */
  statusReason: z.string().nullable(),
  passageCount: z.number().int(),
  /** The file's size in bytes; 0 for typed content. */
  fileSize: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type KnowledgeEntry = z.infer<typeof knowledgeEntrySchema>;

/**
 * An entry in a list or a search hit: `content` is its first `previewLength` characters
 * (`contentTruncated` says so), and, in the institution scope, whose it is.
 */
export const knowledgeEntrySummarySchema = knowledgeEntrySchema.extend({
  contentTruncated: z.boolean(),
  ownerName: z.string().nullable(),
});
export type KnowledgeEntrySummary = z.infer<typeof knowledgeEntrySummarySchema>;

/**
 * GET /api/knowledge-base/faculty/:facultyId: one's entries, newest first (a page; X-Total-Count);
 * with `scope=institution`, the entries colleagues of one's institution share, newest first, each
 * with its owner's name.
 */
export const knowledgeListQuerySchema = z.object({
  ...pageQuery,
  scope: z.enum(KNOWLEDGE_SCOPES, { error: "Scope must be own or institution" }).default("own"),
});
export type KnowledgeListQuery = z.infer<typeof knowledgeListQuerySchema>;
export const knowledgeListSchema = z.array(knowledgeEntrySummarySchema);

const listParam = (label: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${label} must be text` })
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(","))
        .map((item) => item.trim())
        .filter((item) => item.length > 0),
    )
    .refine(
      (list) => list.length <= KNOWLEDGE_LIMITS.maxTags,
      `At most ${KNOWLEDGE_LIMITS.maxTags} ${label}`,
    );

/**
 * GET /api/knowledge-base/search/:facultyId?query=&tags=&fileType=&scope=&limit=. `query` reads as a
 * web search: words are stemmed (English), "quoted phrases" match in order, -word excludes. `tags`
 * (comma-separated or repeated) keeps entries holding every tag given; `fileType` keeps those types.
 */
export const knowledgeSearchQuerySchema = z.object({
  query: searchText(500, "Query must be text of at most 500 characters").default(""),
  tags: listParam("tags").optional(),
  fileType: listParam("file types")
    .pipe(z.array(z.enum(KNOWLEDGE_FILE_TYPES, { error: "Unsupported file type" })))
    .optional(),
  scope: z.enum(KNOWLEDGE_SCOPES, { error: "Scope must be own or institution" }).default("own"),
  limit: z.coerce
    .number({ error: "Limit must be a number" })
    .int("Limit must be a whole number")
    .min(1, "Limit must be at least 1")
    .max(KNOWLEDGE_LIMITS.searchMaxLimit, `Limit must be at most ${KNOWLEDGE_LIMITS.searchMaxLimit}`)
    .default(KNOWLEDGE_LIMITS.searchDefaultLimit),
});
export type KnowledgeSearchQuery = z.infer<typeof knowledgeSearchQuerySchema>;

/**
 * A search hit: the entry, its score (reciprocal rank fusion, higher is better), the best passage as
 * `snippet` (text parts, the matched words marked: never HTML), which passage that is
 * (`passageIndex`, null when the match is in the title or tags only) and its page (PDFs), and the
 * scope it was found in.
 */
export const knowledgeHitSchema = knowledgeEntrySummarySchema.extend({
  score: z.number(),
  snippet: snippetSchema,
  passageIndex: z.number().int().nullable(),
  page: z.number().int().nullable(),
  scope: z.enum(KNOWLEDGE_SCOPES),
});
export type KnowledgeHit = z.infer<typeof knowledgeHitSchema>;
export const knowledgeSearchResultSchema = z.array(knowledgeHitSchema);
/**
 * The search's answer header naming the words searched instead of the query as typed, when those
 * found nothing and a respelling of them did ("Did you mean …"); URI-encoded (a header is ASCII).
 */
export const CORRECTED_QUERY_HEADER = "X-Corrected-Query";

/**
 * GET /api/knowledge-base/:id: an entry in full, one's own or one a colleague of one's institution
 * shares (read-only), with its owner's name.
 */
export const knowledgeEntryViewSchema = knowledgeEntrySchema.extend({ ownerName: z.string() });
export type KnowledgeEntryView = z.infer<typeof knowledgeEntryViewSchema>;

/** GET /api/knowledge-base/stats: the Stats and Filters panels of the signed-in person. */
export const knowledgeStatsSchema = z.object({
  entries: z.number().int(),
  passages: z.number().int(),
  /** Bytes of the stored files of one's entries. */
  storageBytes: z.number().int(),
  byType: z.array(z.object({ fileType: z.enum(KNOWLEDGE_FILE_TYPES), count: z.number().int() })),
  /** The most used tags, most first, at most `filterTags` (spec §9). */
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type KnowledgeStats = z.infer<typeof knowledgeStatsSchema>;

/** POST /api/knowledge-base/ask. */
export const knowledgeAskSchema = z.strictObject({
  question: text("Question", "Question is required")
    .trim()
    .min(3, "Question must be at least 3 characters")
    .max(KNOWLEDGE_LIMITS.questionMax, "Question must be at most 1,000 characters"),
  scope: z.enum(KNOWLEDGE_SCOPES, { error: "Scope must be own or institution" }).default("own"),
});
export type KnowledgeAskInput = z.infer<typeof knowledgeAskSchema>;

/** A numbered source of an answer: the passage quoted, and the entry (and page) it links back to. */
export const knowledgeSourceSchema = z.object({
  n: z.number().int(),
  entryId: z.number(),
  title: z.string(),
  passageIndex: z.number().int().nullable(),
  page: z.number().int().nullable(),
  /** The passage's plain text (not HTML). */
  text: z.string(),
  scope: z.enum(KNOWLEDGE_SCOPES),
});
export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;

/**
 * The ask stream: one JSON event per line (NDJSON), as the converter's stream. First `sources`
 * (possibly empty), then `delta`s of the model's answer citing sources as [1], [2]..., then `done`.
 * `mode: "passages"` means no answer was written (no AI key, the model failed or stayed silent past
 * the timeout, or nothing was found): the screen shows the sources themselves, labelled as passages,
 * with `reason` in words a person reads.
 */
export const knowledgeAskEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("sources"), sources: z.array(knowledgeSourceSchema) }),
  z.object({ type: z.literal("delta"), text: z.string() }),
  z.object({
    type: z.literal("done"),
    mode: z.enum(["answer", "passages"]),
    reason: z.string().nullable(),
  }),
]);
export type KnowledgeAskEvent = z.infer<typeof knowledgeAskEventSchema>;
