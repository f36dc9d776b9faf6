import type { AppModule } from "../../context.ts";
import { indexingDepsOf } from "../../platform/passages/passage-indexing.ts";
import { createDocumentIndexing } from "./documents.indexing.ts";
import { createDocumentsRepository } from "./documents.repository.ts";
import { documentsRoutes } from "./documents.routes.ts";
import { createDocumentsService } from "./documents.service.ts";

export const documentsModule: AppModule = (context) => {
  const deps = indexingDepsOf(context);
  const { passages, log } = deps;
  const documents = createDocumentsRepository(context.db);
  const indexing = createDocumentIndexing({ ...deps, documents });
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
  const service = createDocumentsService({ ...deps, documents, indexing });
  return documentsRoutes(service, deps.uploads);
};
