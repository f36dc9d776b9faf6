import type { AppModule } from "../../context.ts";
import { indexingDepsOf } from "../../platform/passages/passage-indexing.ts";
import { createKnowledgeIndexing } from "./knowledge-base.indexing.ts";
import { createKnowledgeRepository } from "./knowledge-base.repository.ts";
import { knowledgeRoutes } from "./knowledge-base.routes.ts";
import { createKnowledgeService } from "./knowledge-base.service.ts";

export const knowledgeBaseModule: AppModule = (context) => {
  const deps = indexingDepsOf(context);
  const knowledge = createKnowledgeRepository(context.db);
  const indexing = createKnowledgeIndexing({ ...deps, knowledge });
  return knowledgeRoutes(
    createKnowledgeService({ ...deps, knowledge, indexing, provider: context.provider }),
  );
};
