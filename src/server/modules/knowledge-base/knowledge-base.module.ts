import type { AppModule } from "../../context.ts";
import { createEmbedder } from "../ai/embeddings.ts";
import { createPassageIndex } from "../passages/passage-index.ts";
import { createKnowledgeIndexing } from "./knowledge-base.indexing.ts";
import { createKnowledgeRepository } from "./knowledge-base.repository.ts";
import { knowledgeRoutes } from "./knowledge-base.routes.ts";
import { createKnowledgeService } from "./knowledge-base.service.ts";

export const knowledgeBaseModule: AppModule = ({ db, uploads, jobs, keys, provider, config, now, log }) => {
  const knowledge = createKnowledgeRepository(db);
  const passages = createPassageIndex(db);
  const embedder = createEmbedder({
    baseUrl: config.openai.baseUrl,
    model: config.openai.embeddingModel,
    timeoutMs: config.openai.timeoutMs,
  });
  const indexing = createKnowledgeIndexing({
    jobs,
    knowledge,
    uploads,
    passages,
    keys,
    embedder,
    now,
    log,
    retryDelaySeconds: config.jobs.retryDelaySeconds,
  });
  return knowledgeRoutes(
    createKnowledgeService({ knowledge, uploads, indexing, passages, keys, embedder, provider, now, log }),
  );
};
