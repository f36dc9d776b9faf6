import { cleanFileName } from "#shared/domain/uploads.ts";
import type { Page } from "#shared/schemas/common.ts";
import type { CreateDocumentInput, DocumentListQuery, DocumentRecord } from "#shared/schemas/documents.ts";
import { assertOwnFacultyId, type Caller } from "../../lib/access.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import { viewerOf } from "../../lib/policy.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import {
  createAlreadyRecordedError,
  createDocumentNotFoundError,
  DOCUMENT_MESSAGES,
} from "./documents.errors.ts";
import type { DocumentsRepository } from "./documents.repository.ts";
import type { DocumentRow } from "./documents.table.ts";

export const toDocument = (row: DocumentRow): DocumentRecord => ({
  id: row.id,
  facultyId: row.facultyId,
  fileName: row.fileName,
  originalName: row.originalName,
  fileSize: row.fileSize,
  mimeType: row.mimeType,
  fileUrl: row.fileUrl,
  description: row.description,
  category: row.category,
  includeInVectorDb: row.includeInVectorDb,
  vectorStatus: row.status,
  statusReason: row.statusReason,
  downloadCount: row.downloadCount,
  createdAt: row.createdAt.toISOString(),
});

/** The Document Manager's records (spec B §7 Documents), each from one completed upload of its owner. */
export function createDocumentsService(deps: { documents: DocumentsRepository; uploads: UploadsService }) {
  const { documents, uploads } = deps;

  return {
    /**
     * Records a document for a completed upload of the caller. The size and type come from the
     * stored object and the type check, never from the body; the original name is the one given
     * when the upload address was asked for.
     */
    async create(caller: Caller, input: CreateDocumentInput): Promise<DocumentRecord> {
      assertOwnFacultyId(input.facultyId, caller, DOCUMENT_MESSAGES.ownFacultyId);
      const upload = await uploads.completedFor(caller, input.fileUrl);
      try {
        const row = await documents.insert({
          facultyId: caller.id,
          uploadId: upload.id,
          fileName: cleanFileName(input.fileName),
          originalName: upload.originalName,
          fileSize: upload.size,
          mimeType: upload.mimeType,
          fileUrl: input.fileUrl,
          objectKey: upload.objectKey,
          description: input.description,
          category: input.category || "manual",
          includeInVectorDb: input.includeInVectorDb,
        });
        return toDocument(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw createAlreadyRecordedError();
        throw error;
      }
    },

    async page(caller: Caller, query: DocumentListQuery): Promise<Page<DocumentRecord>> {
      const page = await documents.page(viewerOf(caller), query);
      return { items: page.items.map(toDocument), total: page.total };
    },

    async get(caller: Caller, id: number): Promise<DocumentRecord> {
      const row = await documents.findReadable(id, viewerOf(caller));
      if (!row) throw createDocumentNotFoundError();
      return toDocument(row);
    },

    /** Removes the document, its upload and its stored object (its passages go with the row). */
    async remove(caller: Caller, id: number): Promise<void> {
      const row = await documents.findWritable(id, viewerOf(caller));
      if (!row) throw createDocumentNotFoundError();
      // The upload row's removal takes the document row with it (ON DELETE CASCADE).
      await uploads.remove({ id: row.uploadId, objectKey: row.objectKey });
    },

    /** The caller's stored file for GET /objects/uploads/:id, and what to count when it downloads. */
    async download(caller: Caller, uploadId: string) {
      const file = await uploads.ownFile(caller, uploadId);
      const record = await documents.findByUpload(file.row.id);
      return {
        file: {
          objectKey: file.row.objectKey,
          originalName: record?.originalName ?? file.row.originalName,
          size: file.size,
          mimeType: file.mimeType,
        },
        downloaded: async () => {
          if (record) await documents.countDownload(record.id);
        },
      };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
