import type { AppModule } from "../../context.ts";
import { createEmbedder } from "../ai/embeddings.ts";
import { createPassageIndex } from "../passages/passage-index.ts";
import { createDocumentIndexing } from "./documents.indexing.ts";
import { createDocumentsRepository } from "./documents.repository.ts";
import { documentsRoutes } from "./documents.routes.ts";
import { createDocumentsService } from "./documents.service.ts";

export const documentsModule: AppModule = ({ db, uploads, jobs, keys, config, now, log }) => {
  const documents = createDocumentsRepository(db);
  const passages = createPassageIndex(db);
  const embedder = createEmbedder({
    baseUrl: config.openai.baseUrl,
    model: config.openai.embeddingModel,
    timeoutMs: config.openai.timeoutMs,
  });
  const indexing = createDocumentIndexing({
    jobs,
    documents,
    uploads,
    passages,
    keys,
    embedder,
    now,
    log,
    retryDelaySeconds: config.jobs.retryDelaySeconds,
  });
  // ARCHITECTURE: a PostgreSQL server without pgvector has no embedding column; say so once.
  void passages
    .hasVectors()
    .then((on) => {
      if (!on) {
        log.warn(
          "Semantic document search is off: this PostgreSQL server has no pgvector extension (full-text search works).",
        );
      }
    })
    .catch(() => undefined);
  const service = createDocumentsService({
    documents,
    uploads,
    indexing,
    passages,
    keys,
    embedder,
    now,
    log,
  });
  return documentsRoutes(service, uploads);
};
