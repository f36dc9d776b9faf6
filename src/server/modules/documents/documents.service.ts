import type { FastifyBaseLogger } from "fastify";
import { bestPerGroup, reciprocalRankFusion } from "#shared/domain/rank-fusion.ts";
import { markedSnippet } from "#shared/domain/snippets.ts";
import { cleanFileName } from "#shared/domain/uploads.ts";
import type { Page } from "#shared/schemas/common.ts";
import type {
  DocumentHit,
  DocumentSearchInput,
  DocumentSearchResult,
  DocumentSearchStatus,
} from "#shared/schemas/document-search.ts";
import type { CreateDocumentInput, DocumentListQuery, DocumentRecord } from "#shared/schemas/documents.ts";
import { assertOwnFacultyId, type Caller } from "../../lib/access.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import { viewerOf } from "../../lib/policy.ts";
import type { Embedder } from "../../platform/ai/embeddings.ts";
import type { PassageIndex } from "../../platform/passages/passage-index.ts";
import { honouringTerms, meaningText } from "../../platform/passages/query-terms.ts";
import { createQueryVector } from "../../platform/passages/query-vector.ts";
import { respellWithin } from "../../platform/passages/respelling.ts";
import { hasText } from "../../platform/text-pipeline/text-extraction.ts";
import type { ApiKeyStore } from "../settings/api-keys.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import {
  createAlreadyRecordedError,
  createDocumentNotFoundError,
  createNoTextError,
  DOCUMENT_MESSAGES,
} from "./documents.errors.ts";
import type { DocumentIndexing } from "./documents.indexing.ts";
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

/** Passages each ranking contributes to the fusion: enough for 50 documents with several passages each. */
const CANDIDATES = 200;

/** The Document Manager's records (spec B §7 Documents), each from one completed upload of its owner. */
export function createDocumentsService(deps: {
  documents: DocumentsRepository;
  uploads: UploadsService;
  indexing: DocumentIndexing;
  passages: PassageIndex;
  keys: ApiKeyStore;
  embedder: Embedder;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { documents, uploads, indexing, passages, keys, embedder, now, log } = deps;

  const queryVector = createQueryVector({ passages, keys, embedder, log, what: "document search" });

  return {
    /**
     * Records a document for a completed upload of the caller. The size and type come from the
     * stored object and the type check, never from the body; the original name is the one given
     * when the upload address was asked for.
     */
    async create(caller: Caller, input: CreateDocumentInput): Promise<DocumentRecord> {
      assertOwnFacultyId(input.facultyId, caller, DOCUMENT_MESSAGES.ownFacultyId);
      const upload = await uploads.completedFor(caller, input.fileUrl);
      // One record per upload: a knowledge entry's file is not also a document.
      if (await uploads.isRecorded(upload.id)) throw createAlreadyRecordedError();
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
        // With includeInVectorDb the indexing job is queued at once (a type without text is not:
        // its card offers no Vectorize, and its status stays pending).
        if (row.includeInVectorDb && hasText(row.mimeType)) await indexing.queue(row.id);
        return toDocument(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw createAlreadyRecordedError();
        throw error;
      }
    },

    /**
     * (Re)queues the document's indexing and includes it in AI search: 202 with the document.
     * Already waiting or being indexed: nothing more is queued. No text in its type: 422.
     */
    async vectorize(caller: Caller, id: number): Promise<DocumentRecord> {
      const row = await documents.findWritable(id, viewerOf(caller));
      if (!row) throw createDocumentNotFoundError();
      if (!hasText(row.mimeType)) throw createNoTextError();
      const marked = await documents.markQueued(id, viewerOf(caller), now());
      if (marked) await indexing.queue(id);
      return toDocument(marked ?? row);
    },

    /**
     * Searches the caller's documents (spec B §7): full-text passages (ts_rank_cd) and, when
     * semantic search is on, the passages near the query's embedding (above
     * SEMANTIC_SIMILARITY_FLOOR), fused by reciprocal rank fusion (k = 60); each document once,
     * with its best passage. The query's -exclusions and "phrases" hold for each document as a
     * whole, whichever ranking found it. When the words as typed match no passage, each word the
     * documents do not hold is respelt to the closest word they hold, and the answer names the
     * respelt query. A blank query finds nothing without asking the database (spec §5).
     */
    async search(caller: Caller, input: DocumentSearchInput): Promise<DocumentSearchResult> {
      const typed = input.query.trim();
      if (!typed) return { documents: [] };
      const scope = { kind: "document", owners: [caller.id] } as const;
      const vectorOf = (text: string) => {
        const meaning = meaningText(text);
        return meaning ? queryVector(caller.id, meaning) : Promise.resolve(null);
      };
      let query = typed;
      let correctedQuery: string | undefined;
      let vectorOfQuery = vectorOf(query);
      let byWords = await passages.fullText(scope, query, CANDIDATES);
      if (byWords.length === 0) {
        const respelt = await respellWithin(passages, scope, query);
        const respeltWords =
          respelt && respelt !== query ? await passages.fullText(scope, respelt, CANDIDATES) : [];
        if (respelt && respeltWords.length > 0) {
          byWords = respeltWords;
          query = respelt;
          correctedQuery = respelt;
          // The typed words' embedding goes unused; its failure must not go unhandled.
          vectorOfQuery.catch(() => null);
          vectorOfQuery = vectorOf(respelt);
        }
      }
      const vector = await vectorOfQuery;
      const byMeaning = vector ? await passages.nearest(scope, vector, CANDIDATES) : [];
      const documentOf = new Map<number, number>();
      for (const passage of [...byWords, ...byMeaning]) documentOf.set(passage.id, passage.sourceId);
      const honoured = await honouringTerms(query, [...documentOf.values()], (ids, terms) =>
        passages.sourcesMatching(scope, ids, terms),
      );
      const fused = reciprocalRankFusion(
        [byWords, byMeaning]
          .filter((ranking) => ranking.length > 0)
          .map((ranking) => ranking.map((p) => p.id)),
      ).filter(({ item }) => honoured.has(documentOf.get(item) ?? 0));
      const best = bestPerGroup(fused, ({ item }) => documentOf.get(item), input.limit);
      if (best.length === 0) return { documents: [] };
      const [headlines, rows] = await Promise.all([
        passages.headlines(
          scope,
          best.map(({ item }) => item),
          query,
        ),
        documents.findReadableMany(
          best.map(({ item }) => documentOf.get(item) ?? 0),
          viewerOf(caller),
        ),
      ]);
      const headlineOf = new Map(headlines.map((headline) => [headline.id, headline]));
      const rowOf = new Map(rows.map((row) => [row.id, row]));
      const hits: DocumentHit[] = [];
      for (const { item, score } of best) {
        const row = rowOf.get(documentOf.get(item) ?? 0);
        const headline = headlineOf.get(item);
        if (!row || !headline) continue;
        hits.push({
          ...toDocument(row),
          score,
          snippet: markedSnippet(headline.headline),
          page: headline.page === null ? null : Number(headline.page),
        });
      }
      return correctedQuery && hits.length > 0 ? { documents: hits, correctedQuery } : { documents: hits };
    },

    /** Where the caller's documents stand for search (what a search without hits can suggest). */
    async searchStatus(caller: Caller): Promise<DocumentSearchStatus> {
      const status: DocumentSearchStatus = {
        documents: 0,
        ready: 0,
        indexing: 0,
        notInSearch: 0,
        failed: 0,
        withoutText: 0,
      };
      for (const group of await documents.statusCounts(viewerOf(caller))) {
        status.documents += group.count;
        const stage =
          group.status === "ready"
            ? "ready"
            : !hasText(group.mimeType)
              ? "withoutText"
              : group.status === "failed"
                ? "failed"
                : group.status === "processing" || group.includeInVectorDb
                  ? "indexing"
                  : "notInSearch";
        status[stage] += group.count;
      }
      return status;
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
