import type { FastifyBaseLogger } from "fastify";
import type { Passage } from "#shared/domain/passages.ts";
import type { AppContext } from "../../context.ts";
import type { ApiKeyStore } from "../../modules/settings/api-keys.ts";
import type { UploadsService } from "../../modules/uploads/uploads.service.ts";
import { AiProviderError } from "../ai/ai-provider.ts";
import { createEmbedder, type Embedder } from "../ai/embeddings.ts";
import type { JobQueue } from "../jobs/jobs.ts";
import { extractPassages, type PassageExtraction } from "../text-pipeline/text-extraction.ts";
import { createPassageIndex, type PassageIndex } from "./passage-index.ts";
import type { PassageSourceKind } from "./passage-scope.ts";

/** Attempts after the first: a store or provider hiccup is tried again; the last failure is the source's. */
export const INDEX_RETRIES = 3;

export const INDEXING_REASONS = {
  missingFile: "The stored file is missing; upload it again.",
  embedding: (message: string) => `Could not compute the passages' embeddings: ${message}`,
};

/** What the job read of a source: its passages (and the whole text they come from), or why not. */
export type SourceText =
  | { status: "text"; passages: Passage[]; text: string }
  | { status: "failed"; reason: string };

/**
 * A stored file's text, read in a child process (text-extraction.ts) from the object store: the
 * passages, or "no-text" for a type without text, or a failure with a reason a person can read.
 */
export async function readStoredFile(
  uploads: UploadsService,
  objectKey: string,
  mimeType: string,
  signal: AbortSignal,
): Promise<PassageExtraction> {
  let body: Awaited<ReturnType<UploadsService["open"]>>;
  try {
    body = await uploads.open(objectKey);
  } catch {
    return { status: "failed", reason: INDEXING_REASONS.missingFile };
  }
  return extractPassages(body, mimeType, { signal });
}

/** What a kind of source's indexing job and search are built from (documents, knowledge entries). */
export interface IndexingDeps {
  jobs: JobQueue;
  uploads: UploadsService;
  passages: PassageIndex;
  keys: ApiKeyStore;
  embedder: Embedder;
  now: () => Date;
  log: FastifyBaseLogger;
  retryDelaySeconds: number;
}

/** The passage index, the embedder of the configured provider and the job settings, from the app's context. */
export function indexingDepsOf(context: AppContext): IndexingDeps {
  const { db, uploads, jobs, keys, config, now, log } = context;
  return {
    jobs,
    uploads,
    passages: createPassageIndex(db),
    keys,
    embedder: createEmbedder({
      baseUrl: config.openai.baseUrl,
      model: config.openai.embeddingModel,
      timeoutMs: config.openai.timeoutMs,
    }),
    now,
    log,
    retryDelaySeconds: config.jobs.retryDelaySeconds,
  };
}

export type IndexingStatus = "processing" | "ready" | "failed";

/**
 * The indexing job of a kind of source (documents or knowledge entries): one job per (re)indexing
 * of one source. It reads the source's text (`read`: a stored file in a child process, or typed
 * text), embeds the passages when this database holds vectors and the owner has an AI key (their
 * own, the system default, or OPENAI_API_KEY), and replaces the source's passages. Status: pending (queued) → processing → ready, or failed with a reason. A
 * stopping server aborts the job, which is retried after the next start.
 */
export function createPassageIndexing<Row extends { id: number; facultyId: number }>(deps: {
  queue: string;
  /** The field of the job's data that names the source (`documentId` for documents, as queued before). */
  idField: string;
  kind: PassageSourceKind;
  jobs: JobQueue;
  passages: PassageIndex;
  keys: ApiKeyStore;
  embedder: Embedder;
  log: FastifyBaseLogger;
  retryDelaySeconds: number;
  load: (id: number) => Promise<Row | undefined>;
  setStatus: (id: number, status: IndexingStatus, reason: string | null) => Promise<void>;
  read: (row: Row, signal: AbortSignal) => Promise<SourceText>;
  /** After the passages are stored, before the status says ready (a knowledge entry keeps its count and file's text). */
  indexed?: (row: Row, read: { passages: readonly Passage[]; text: string }) => Promise<void>;
  /** The status reason of an unexpected failure (what the person may do about it). */
  unexpectedReason: string;
}) {
  const { queue, kind, jobs, passages, keys, embedder, log } = deps;

  const run = async (id: number, signal: AbortSignal) => {
    const row = await deps.load(id);
    if (!row) return { skipped: "deleted" };
    await deps.setStatus(row.id, "processing", null);
    const read = await deps.read(row, signal);
    if (read.status !== "text") {
      await passages.remove({ kind, id: row.id, facultyId: row.facultyId });
      await deps.setStatus(row.id, "failed", read.reason);
      return { failed: read.reason };
    }
    let embeddings: number[][] | null = null;
    const key = (await passages.hasVectors()) ? await keys.resolveFor(row.facultyId) : null;
    if (key && read.passages.length > 0) {
      embeddings = await embedder.embed(
        key.apiKey,
        read.passages.map((passage) => passage.text),
        signal,
      );
    }
    signal.throwIfAborted();
    await passages.replace({ kind, id: row.id, facultyId: row.facultyId }, read.passages, embeddings);
    await deps.indexed?.(row, read);
    await deps.setStatus(row.id, "ready", null);
    return { passages: read.passages.length, embedded: embeddings?.length ?? 0 };
  };

  jobs.work<Record<string, number>>(
    queue,
    async (data, job) => {
      const id = Number(data[deps.idField]);
      try {
        return await run(id, job.signal);
      } catch (error) {
        // Stopping: the job is retried after the next start; the source stays "processing".
        if (job.signal.aborted) throw error;
        if (job.retryCount < INDEX_RETRIES) throw error;
        const reason =
          error instanceof AiProviderError
            ? INDEXING_REASONS.embedding(error.message)
            : deps.unexpectedReason;
        if (!(error instanceof AiProviderError)) log.error({ err: error, queue, id }, "indexing failed");
        await deps.setStatus(id, "failed", reason).catch(() => undefined);
        return { failed: reason };
      }
    },
    { retryLimit: INDEX_RETRIES, retryDelaySeconds: deps.retryDelaySeconds, retryBackoff: true },
  );

  return {
    /** Queues the source's indexing (its status must already say pending). */
    queue: (id: number) => jobs.send<Record<string, number>>(queue, { [deps.idField]: id }),
  };
}

export type PassageIndexing = ReturnType<typeof createPassageIndexing>;
