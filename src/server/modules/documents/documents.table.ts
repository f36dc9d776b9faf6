import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { DOCUMENT_STATUSES } from "../../../shared/schemas/documents.ts";
import { cascadingId, timestampColumns } from "../../db/columns.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { uploadTable } from "../uploads/uploads.table.ts";

/**
 * A document of the Document Manager (spec B §3), recorded from one completed upload. It also
 * carries what the text pipeline needs: `status` (pending, processing,
 * ready, failed; spec's vectorStatus) and `status_reason`.
 */
export const documentTable = pgTable(
  "document",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploadTable.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    originalName: text("original_name").notNull(),
    fileSize: integer("file_size").notNull(),
    mimeType: text("mime_type").notNull(),
    fileUrl: text("file_url").notNull(),
    objectKey: text("object_key").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull().default("manual"),
    includeInVectorDb: boolean("include_in_vector_db").notNull().default(false),
    status: text("status", { enum: DOCUMENT_STATUSES }).notNull().default("pending"),
    statusReason: text("status_reason"),
    downloadCount: integer("download_count").notNull().default(0),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex("document_upload_idx").on(table.uploadId),
    index("document_faculty_created_idx").on(table.facultyId, table.createdAt.desc(), table.id.desc()),
    check("document_status_check", sql`${table.status} in ('pending', 'processing', 'ready', 'failed')`),
  ],
);

export type DocumentRow = typeof documentTable.$inferSelect;
export type NewDocumentRow = typeof documentTable.$inferInsert;
