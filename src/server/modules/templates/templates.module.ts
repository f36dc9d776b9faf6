import type { AppModule } from "../../context.ts";
import { createTemplatesRepository } from "./templates.repository.ts";
import { templatesRoutes } from "./templates.routes.ts";
import { createTemplatesService } from "./templates.service.ts";

export const templatesModule: AppModule = ({ db, analytics }) =>
  templatesRoutes(createTemplatesService({ templates: createTemplatesRepository(db), analytics }));
