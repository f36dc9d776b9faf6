import type { FastifyBaseLogger } from "fastify";
import { institutionKey } from "#shared/domain/integrations.ts";
import { uploadedFileType } from "#shared/domain/knowledge-base.ts";
import type { Page } from "#shared/schemas/common.ts";
import {
  type CreateKnowledgeEntryInput,
  KNOWLEDGE_LIMITS,
  type KnowledgeEntry,
  type KnowledgeEntrySummary,
  type KnowledgeEntryView,
  type KnowledgeListQuery,
  type KnowledgeStats,
  type UpdateKnowledgeEntryInput,
} from "#shared/schemas/knowledge-base.ts";
import { assertOwnFacultyId, type Caller } from "../../lib/access.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import { viewerOf } from "../../lib/policy.ts";
import type { AiProvider } from "../../platform/ai/ai-provider.ts";
import type { Embedder } from "../../platform/ai/embeddings.ts";
import type { PassageIndex } from "../../platform/passages/passage-index.ts";
import { createQueryVector } from "../../platform/passages/query-vector.ts";
import { hasText } from "../../platform/text-pipeline/text-extraction.ts";
import type { ApiKeyStore } from "../settings/api-keys.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import { createKnowledgeAsk } from "./knowledge-base.ask.ts";
import {
  createFileTypeMismatchError,
  createKnowledgeAlreadyRecordedError,
  createKnowledgeNotFoundError,
  createKnowledgeUnsupportedTypeError,
  createTypedIsTextError,
  KNOWLEDGE_MESSAGES,
} from "./knowledge-base.errors.ts";
import type { KnowledgeIndexing } from "./knowledge-base.indexing.ts";
import { toEntry, toSummary } from "./knowledge-base.presenter.ts";
import type { KnowledgeRepository } from "./knowledge-base.repository.ts";
import { createKnowledgeSearch } from "./knowledge-base.search.ts";
import type { KnowledgeEntryRow } from "./knowledge-base.table.ts";

/** Whether an entry's passages are its title and content (typed, or a file without text). */
export const indexesTypedText = (row: Pick<KnowledgeEntryRow, "objectKey" | "mimeType">) =>
  !row.objectKey || !row.mimeType || !hasText(row.mimeType);

/** The Institutional Knowledge Base (spec B §2-§9). */
export function createKnowledgeService(deps: {
  knowledge: KnowledgeRepository;
  uploads: UploadsService;
  indexing: KnowledgeIndexing;
  passages: PassageIndex;
  keys: ApiKeyStore;
  embedder: Embedder;
  provider: AiProvider;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { knowledge, uploads, indexing, passages, keys, embedder, provider, now, log } = deps;

  const queryVector = createQueryVector({ passages, keys, embedder, log, what: "knowledge search" });

  return {
    async create(caller: Caller, input: CreateKnowledgeEntryInput): Promise<KnowledgeEntry> {
      assertOwnFacultyId(input.facultyId, caller, KNOWLEDGE_MESSAGES.ownFacultyId);
      const base = {
        facultyId: caller.id,
        title: input.title,
        content: input.content,
        tags: input.tags,
        isPrivate: input.isPrivate,
        status: "pending" as const,
        createdAt: now(),
        updatedAt: now(),
      };
      let row: KnowledgeEntryRow;
      if (input.fileUrl) {
        const upload = await uploads.completedFor(caller, input.fileUrl);
        // One record per upload: a document's file is not also an entry (deleting one would take the other).
        if (await uploads.isRecorded(upload.id)) throw createKnowledgeAlreadyRecordedError();
        const type = uploadedFileType(upload.originalName, upload.mimeType);
        if (!type.ok) {
          throw type.problem === "mismatch"
            ? createFileTypeMismatchError()
            : createKnowledgeUnsupportedTypeError();
        }
        try {
          // Quick upload: each file's entry is tagged with its type.
          const tags =
            base.tags.includes(type.fileType) || base.tags.length >= KNOWLEDGE_LIMITS.maxTags
              ? base.tags
              : [...base.tags, type.fileType];
          row = await knowledge.insert({
            ...base,
            tags,
            uploadId: upload.id,
            fileType: type.fileType,
            fileUrl: input.fileUrl,
            objectKey: upload.objectKey,
            mimeType: upload.mimeType,
            fileSize: upload.size,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw createKnowledgeAlreadyRecordedError();
          throw error;
        }
      } else {
        if (input.fileType !== "text") throw createTypedIsTextError();
        row = await knowledge.insert({ ...base, fileType: "text" });
      }
      await indexing.queue(row.id);
      return toEntry(row);
    },

    /**
     * A page of one's entries, or in the institution scope of the entries one's colleagues share
     * (never one's own), newest first.
     */
    async page(caller: Caller, query: KnowledgeListQuery): Promise<Page<KnowledgeEntrySummary>> {
      const viewer = viewerOf(caller);
      const page =
        query.scope === "institution"
          ? await knowledge.sharedPage(await knowledge.colleagues(viewer, institutionKey), query)
          : await knowledge.page(viewer, query);
      return { items: page.items.map(toSummary), total: page.total };
    },

    /** One's own entry, or one a colleague of one's institution shares (read-only): 404 otherwise. */
    async get(caller: Caller, id: number): Promise<KnowledgeEntryView> {
      const viewer = viewerOf(caller);
      const own = await knowledge.findReadable(id, viewer);
      if (own) return { ...toEntry(own), ownerName: caller.faculty.name };
      const shared = await knowledge.findShared(id, await knowledge.colleagues(viewer, institutionKey));
      if (!shared) throw createKnowledgeNotFoundError();
      return { ...toEntry(shared), ownerName: shared.ownerName };
    },

    /**
     * Edits title, content, tags or privacy. A change of the text its passages are made of (the
     * title or content of typed content or of a file without text) indexes it again.
     */
    async update(caller: Caller, id: number, input: UpdateKnowledgeEntryInput): Promise<KnowledgeEntry> {
      const viewer = viewerOf(caller);
      const current = await knowledge.findWritable(id, viewer);
      if (!current) throw createKnowledgeNotFoundError();
      const textChanged =
        (input.title !== undefined && input.title !== current.title) ||
        (input.content !== undefined && input.content !== current.content);
      const reindex = textChanged && indexesTypedText(current);
      const row = await knowledge.update(
        id,
        viewer,
        { ...input, ...(reindex ? { status: "pending" as const, statusReason: null } : {}) },
        now(),
      );
      if (!row) throw createKnowledgeNotFoundError();
      const labelsChanged =
        (input.title !== undefined && input.title !== current.title) ||
        (input.tags !== undefined && input.tags.join(" ") !== current.tags.join(" "));
      if (reindex) await indexing.queue(row.id);
      // The job reads the words again; without one, the word list takes the new title and tags now.
      else if (labelsChanged)
        await passages.refreshWords({ kind: "knowledge", id, facultyId: row.facultyId });
      return this.get(caller, id);
    },

    /** Removes the entry, its passages, and its upload with the stored object. */
    async remove(caller: Caller, id: number): Promise<void> {
      const viewer = viewerOf(caller);
      const row = await knowledge.findWritable(id, viewer);
      if (!row) throw createKnowledgeNotFoundError();
      // The upload row's removal takes the entry (and so its passages) with it (ON DELETE CASCADE).
      if (row.uploadId && row.objectKey) await uploads.remove({ id: row.uploadId, objectKey: row.objectKey });
      else if (!(await knowledge.delete(id, viewer))) throw createKnowledgeNotFoundError();
    },

    stats: (caller: Caller): Promise<KnowledgeStats> => knowledge.stats(caller.id),

    search: createKnowledgeSearch({ knowledge, passages, queryVector }),

    ask: createKnowledgeAsk({ knowledge, passages, keys, provider, queryVector, log }),
  };
}

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
