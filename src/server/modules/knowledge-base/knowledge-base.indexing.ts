import { typedText } from "#shared/domain/knowledge-base.ts";
import { documentText, splitIntoPassages } from "#shared/domain/passages.ts";
import { KNOWLEDGE_LIMITS } from "#shared/schemas/knowledge-base.ts";
import {
  createPassageIndexing,
  type IndexingDeps,
  readStoredFile,
  type SourceText,
} from "../../platform/passages/passage-indexing.ts";
import type { KnowledgeRepository } from "./knowledge-base.repository.ts";
import type { KnowledgeEntryRow } from "./knowledge-base.table.ts";

/** The queue of the knowledge entry job: one job per (re)indexing of one entry. */
export const KNOWLEDGE_INDEX_QUEUE = "knowledge.index";

/** Typed content, or a file without text: the passages are the title and the content (a description). */
const typed = (entry: KnowledgeEntryRow): SourceText => ({
  status: "text",
  passages: splitIntoPassages([{ page: null, text: typedText(entry.title, entry.content) }]),
  text: "",
});

/**
 * The entry job, the document job's pipeline (passage-indexing.ts): typed content is split as it
 * is; an uploaded file is read in a child process, its passages are all of its text, and the
 * entry's content becomes that text (cut at KNOWLEDGE_LIMITS.contentMax). A file without text
 * (image, audio, video, a scan) keeps the content sent, a description, which is indexed instead.
 */
export function createKnowledgeIndexing(deps: IndexingDeps & { knowledge: KnowledgeRepository }) {
  const { knowledge, uploads, now } = deps;
  return createPassageIndexing({
    ...deps,
    queue: KNOWLEDGE_INDEX_QUEUE,
    idField: "entryId",
    kind: "knowledge",
    load: (id) => knowledge.findById(id),
    setStatus: (id, status, reason) => knowledge.setStatus(id, status, reason, now()),
    read: async (entry, signal): Promise<SourceText> => {
      if (!entry.objectKey || !entry.mimeType) return typed(entry);
      const extraction = await readStoredFile(uploads, entry.objectKey, entry.mimeType, signal);
      if (extraction.status === "failed") return extraction;
      if (extraction.status === "no-text" || extraction.passages.length === 0) return typed(entry);
      return { status: "text", passages: extraction.passages, text: documentText(extraction.pages) };
    },
    indexed: async (entry, { passages, text }) => {
      const fileText = entry.objectKey && text.trim().length > 0;
      await knowledge.setIndexed(entry.id, {
        passageCount: passages.length,
        ...(fileText ? { content: text.slice(0, KNOWLEDGE_LIMITS.contentMax) } : {}),
      });
    },
    unexpectedReason:
      "Indexing failed for a reason on the server; edit the entry or upload the file again later.",
  });
}

export type KnowledgeIndexing = ReturnType<typeof createKnowledgeIndexing>;
