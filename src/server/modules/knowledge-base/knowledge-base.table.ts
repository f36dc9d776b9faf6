import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  KNOWLEDGE_FILE_TYPES,
  KNOWLEDGE_LIMITS,
  KNOWLEDGE_STATUSES,
} from "../../../shared/schemas/knowledge-base.ts";
import { cascadingId, timestampColumns } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { uploadTable } from "../uploads/uploads.table.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * An entry of the Institutional Knowledge Base (spec B §3): typed content, or one
 * uploaded file (`upload_id`, the object key, its detected type and size). Its text is split into
 * passages of the shared `passage` table (`knowledge_entry_id`) by the same job as documents.
 *
 * `search_vector` is the entry-level index: the title weighted A and the tags (`tags_text`, the
 * tags joined by spaces, written with them) weighted B, beside the passages' body text; the
 * trigram index on title and tags gives typo tolerance (docs/decisions/0038-knowledge-search-and-ask.md).
 */
export const knowledgeEntryTable = pgTable(
  "knowledge_entry",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    uploadId: uuid("upload_id").references(() => uploadTable.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    fileType: text("file_type", { enum: KNOWLEDGE_FILE_TYPES }).notNull().default("text"),
    fileUrl: text("file_url"),
    objectKey: text("object_key"),
    mimeType: text("mime_type"),
    fileSize: integer("file_size").notNull().default(0),
    /** How many passages the last indexing stored (kept here so lists and hits need not count them). */
    passageCount: integer("passage_count").notNull().default(0),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    tagsText: text("tags_text").notNull().default(""),
    isPrivate: boolean("is_private").notNull().default(true),
    status: text("status", { enum: KNOWLEDGE_STATUSES }).notNull().default("pending"),
    statusReason: text("status_reason"),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', translate(title, '<>&', E'\\x03\\x04\\x05')), 'A') || setweight(to_tsvector('english', translate(tags_text, '<>&', E'\\x03\\x04\\x05')), 'B')`,
    ),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex("knowledge_entry_upload_idx").on(table.uploadId),
    index("knowledge_entry_faculty_created_idx").on(table.facultyId, table.createdAt.desc(), table.id.desc()),
    index("knowledge_entry_search_vector_idx").using("gin", table.searchVector),
    index("knowledge_entry_tags_idx").using("gin", table.tags),
    index("knowledge_entry_labels_trgm_idx").using(
      "gin",
      sql`lower(${table.title} || ' ' || ${table.tagsText}) gin_trgm_ops`,
    ),
    check(
      "knowledge_entry_status_check",
      sql`${table.status} in ('pending', 'processing', 'ready', 'failed')`,
    ),
  ],
);

export type KnowledgeEntryRow = typeof knowledgeEntryTable.$inferSelect;
export type NewKnowledgeEntryRow = typeof knowledgeEntryTable.$inferInsert;

/** An entry's columns as lists and search hits carry them: `content` cut to its preview. */
export const knowledgeSummaryColumns = {
  id: knowledgeEntryTable.id,
  facultyId: knowledgeEntryTable.facultyId,
  title: knowledgeEntryTable.title,
  content: sql<string>`left(${knowledgeEntryTable.content}, ${KNOWLEDGE_LIMITS.previewLength})`.as("content"),
  contentLength: sql<number>`char_length(${knowledgeEntryTable.content})`.as("content_length"),
  fileType: knowledgeEntryTable.fileType,
  fileUrl: knowledgeEntryTable.fileUrl,
  fileSize: knowledgeEntryTable.fileSize,
  tags: knowledgeEntryTable.tags,
  isPrivate: knowledgeEntryTable.isPrivate,
  status: knowledgeEntryTable.status,
  statusReason: knowledgeEntryTable.statusReason,
  createdAt: knowledgeEntryTable.createdAt,
  updatedAt: knowledgeEntryTable.updatedAt,
  passageCount: knowledgeEntryTable.passageCount,
};

/** An entry as lists and search hits carry it: `content` cut to its preview, its passages counted. */
export interface KnowledgeSummaryRow
  extends Omit<KnowledgeEntryRow, "searchVector" | "tagsText" | "uploadId" | "objectKey" | "mimeType"> {
  contentLength: number;
  passageCount: number;
  ownerName: string | null;
}
