import type { AppModule } from "../../context.ts";
import { templatesRoutes } from "./templates.routes.ts";
import { createTemplatesService } from "./templates.service.ts";

export const templatesModule: AppModule = ({ db, events }) =>
  templatesRoutes(createTemplatesService({ db, events }));
