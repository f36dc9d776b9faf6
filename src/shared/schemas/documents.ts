import { z } from "zod";
import { id, idParams, isoDateTime, pageQuery, text } from "./common.ts";

/** spec B §3: where a document stands in the text pipeline. */
export const DOCUMENT_STATUSES = ["pending", "processing", "ready", "failed"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

const fileName = text("File name", "File name is required")
  .trim()
  .min(1, "File name is required")
  .max(255, "File name must be at most 255 characters");

/** POST /api/documents/upload-url (spec B §7). */
export const uploadUrlRequestSchema = z.strictObject({ fileName });
export type UploadUrlRequest = z.infer<typeof uploadUrlRequestSchema>;

/** An address on this server, signed, for one PUT of the file's bytes within 15 minutes. */
export const uploadUrlResponseSchema = z.object({ uploadURL: z.string() });
export type UploadUrlResponse = z.infer<typeof uploadUrlResponseSchema>;

/** The answer to the PUT of a file: what the server found it to be. */
export const uploadResultSchema = z.object({
  fileUrl: z.string(),
  fileSize: z.number().int(),
  mimeType: z.string(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/**
 * POST /api/documents (spec B §7 body). `fileSize` and `mimeType` are accepted because the spec's
 * client sends them, and ignored: the server takes both from the stored object. `originalName` is
 * the name given when the upload address was asked for.
 */
export const createDocumentSchema = z.strictObject({
  facultyId: id("faculty id").optional(),
  fileName,
  originalName: text("Original name").max(255, "Original name must be at most 255 characters").optional(),
  fileSize: z.number({ error: "File size must be a number" }).optional(),
  mimeType: text("MIME type").max(255, "MIME type must be at most 255 characters").optional(),
  fileUrl: text("File URL", "File URL is required")
    .trim()
    .min(1, "File URL is required")
    .max(600, "File URL must be at most 600 characters"),
  description: text("Description")
    .trim()
    .max(2000, "Description must be at most 2,000 characters")
    .default(""),
  category: text("Category").trim().max(60, "Category must be at most 60 characters").default("manual"),
  includeInVectorDb: z.boolean({ error: "includeInVectorDb must be true or false" }).default(false),
});
export type CreateDocumentInput = z.infer<typeof createDocumentSchema>;

export const documentIdParamsSchema = idParams("id", "document id");

/** GET /api/documents/faculty/:facultyId: a page of one's documents, newest first (X-Total-Count). */
export const documentListQuerySchema = z.object({ ...pageQuery });
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

/** spec B §3 Document, with the pipeline's status (`vectorStatus`: ready means AI ready) and its reason. */
export const documentSchema = z.object({
  id: z.number(),
  facultyId: z.number(),
  fileName: z.string(),
  originalName: z.string(),
  fileSize: z.number().int(),
  mimeType: z.string(),
  fileUrl: z.string(),
  description: z.string(),
  category: z.string(),
  includeInVectorDb: z.boolean(),
  vectorStatus: z.enum(DOCUMENT_STATUSES),
  /** Why the document failed, in words a person can read; null otherwise. */
  statusReason: z.string().nullable(),
  downloadCount: z.number().int(),
  createdAt: isoDateTime,
});
export type DocumentRecord = z.infer<typeof documentSchema>;
