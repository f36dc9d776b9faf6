import type { FastifyBaseLogger } from "fastify";
import type { JobQueue } from "../../lib/jobs.ts";
import { AiProviderError } from "../ai/ai-provider.ts";
import type { Embedder } from "../ai/embeddings.ts";
import type { PassageIndex } from "../passages/passage-index.ts";
import type { ApiKeyStore } from "../settings/api-keys.ts";
import { extractPassages } from "../text-pipeline/text-extraction.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import type { DocumentsRepository } from "./documents.repository.ts";

/** The queue of the document job (issue 14 item 6): one job per (re)indexing of one document. */
export const DOCUMENT_INDEX_QUEUE = "document.index";
/** Attempts after the first: a store or provider hiccup is tried again; the last failure is the document's. */
export const DOCUMENT_INDEX_RETRIES = 3;

export interface DocumentIndexJob {
  documentId: number;
}

const STATUS_REASONS = {
  missingFile: "The stored file is missing; upload it again.",
  embedding: (message: string) => `Could not compute the passages' embeddings: ${message}`,
  unexpected: "Indexing failed for a reason on the server; try Vectorize again later.",
};

/**
 * The document job: reads the stored file (a stream, in a child process: text-extraction.ts),
 * splits it into passages, embeds them when this database holds vectors and the owner has an AI
 * key (their own, the system default, or OPENAI_API_KEY), and replaces the document's passages.
 * Status: pending (queued) → processing → ready, or failed with a reason a person can read. A
 * stopping server aborts the job, which is retried after the next start.
 */
export function createDocumentIndexing(deps: {
  jobs: JobQueue;
  documents: DocumentsRepository;
  uploads: UploadsService;
  passages: PassageIndex;
  keys: ApiKeyStore;
  embedder: Embedder;
  now: () => Date;
  log: FastifyBaseLogger;
  retryDelaySeconds: number;
}) {
  const { jobs, documents, uploads, passages, keys, embedder, now, log } = deps;

  const run = async ({ documentId }: DocumentIndexJob, signal: AbortSignal) => {
    const document = await documents.findById(documentId);
    if (!document) return { skipped: "deleted" };
    await documents.setStatus(document.id, "processing", null, now());
    let body: Awaited<ReturnType<UploadsService["open"]>>;
    try {
      body = await uploads.open(document.objectKey);
    } catch {
      await passages.removeDocument(document.id);
      await documents.setStatus(document.id, "failed", STATUS_REASONS.missingFile, now());
      return { failed: "missing" };
    }
    const extraction = await extractPassages(body, document.mimeType, { signal });
    if (extraction.status !== "text") {
      const reason = extraction.status === "no-text" ? extraction.message : extraction.reason;
      await passages.removeDocument(document.id);
      await documents.setStatus(document.id, "failed", reason, now());
      return { failed: reason };
    }
    let embeddings: number[][] | null = null;
    const key = (await passages.hasVectors()) ? await keys.resolveFor(document.facultyId) : null;
    if (key && extraction.passages.length > 0) {
      embeddings = await embedder.embed(
        key.apiKey,
        extraction.passages.map((passage) => passage.text),
        signal,
      );
    }
    signal.throwIfAborted();
    await passages.replaceDocument(document, extraction.passages, embeddings);
    await documents.setStatus(document.id, "ready", null, now());
    return { passages: extraction.passages.length, embedded: embeddings?.length ?? 0 };
  };

  jobs.work<DocumentIndexJob>(
    DOCUMENT_INDEX_QUEUE,
    async (data, job) => {
      try {
        return await run(data, job.signal);
      } catch (error) {
        // Stopping: the job is retried after the next start; the document stays "processing".
        if (job.signal.aborted) throw error;
        if (job.retryCount < DOCUMENT_INDEX_RETRIES) throw error;
        const reason =
          error instanceof AiProviderError
            ? STATUS_REASONS.embedding(error.message)
            : STATUS_REASONS.unexpected;
        if (!(error instanceof AiProviderError))
          log.error({ err: error, documentId: data.documentId }, "document indexing failed");
        await documents.setStatus(data.documentId, "failed", reason, now()).catch(() => undefined);
        return { failed: reason };
      }
    },
    { retryLimit: DOCUMENT_INDEX_RETRIES, retryDelaySeconds: deps.retryDelaySeconds, retryBackoff: true },
  );

  return {
    /** Queues the document's indexing (its status must already say pending). */
    queue: (documentId: number) => jobs.send<DocumentIndexJob>(DOCUMENT_INDEX_QUEUE, { documentId }),
  };
}

export type DocumentIndexing = ReturnType<typeof createDocumentIndexing>;
