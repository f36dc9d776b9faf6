import type { AppModule } from "../../context.ts";
import { createDocumentsRepository } from "./documents.repository.ts";
import { documentsRoutes } from "./documents.routes.ts";
import { createDocumentsService } from "./documents.service.ts";

export const documentsModule: AppModule = ({ db, uploads }) =>
  documentsRoutes(createDocumentsService({ documents: createDocumentsRepository(db), uploads }), uploads);
