import type { AppModule } from "../../context.ts";
import { createIntegrationsRepository } from "./integrations.repository.ts";
import { integrationsRoutes } from "./integrations.routes.ts";
import { createIntegrationsService } from "./integrations.service.ts";

export const integrationsModule: AppModule = ({ db, box }) =>
  integrationsRoutes(createIntegrationsService({ integrations: createIntegrationsRepository(db), box }));
