import { documentText } from "#shared/domain/passages.ts";
import {
  createPassageIndexing,
  INDEX_RETRIES,
  type IndexingDeps,
  readStoredFile,
} from "../../platform/passages/passage-indexing.ts";
import type { DocumentsRepository } from "./documents.repository.ts";

/** The queue of the document job: one job per (re)indexing of one document. */
export const DOCUMENT_INDEX_QUEUE = "document.index";
/** Attempts after the first: a store or provider hiccup is tried again; the last failure is the document's. */
export const DOCUMENT_INDEX_RETRIES = INDEX_RETRIES;

/**
 * The document job (passage-indexing.ts, shared with the knowledge base): reads the stored file
 * (a stream, in a child process: text-extraction.ts), splits it into passages, embeds them when
 * this database holds vectors and the owner has an AI key, and replaces the document's passages.
 * A file without text fails with the reason (the routes never queue one).
 */
export function createDocumentIndexing(deps: IndexingDeps & { documents: DocumentsRepository }) {
  const { documents, uploads, now } = deps;
  return createPassageIndexing({
    ...deps,
    queue: DOCUMENT_INDEX_QUEUE,
    idField: "documentId",
    kind: "document",
    load: (id) => documents.findById(id),
    setStatus: (id, status, reason) => documents.setStatus(id, status, reason, now()),
    read: async (document, signal) => {
      const extraction = await readStoredFile(uploads, document.objectKey, document.mimeType, signal);
      if (extraction.status === "text") {
        return { status: "text", passages: extraction.passages, text: documentText(extraction.pages) };
      }
      return {
        status: "failed",
        reason: extraction.status === "no-text" ? extraction.message : extraction.reason,
      };
    },
    unexpectedReason: "Indexing failed for a reason on the server; try Vectorize again later.",
  });
}

export type DocumentIndexing = ReturnType<typeof createDocumentIndexing>;
