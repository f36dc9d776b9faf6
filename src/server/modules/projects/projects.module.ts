import type { AppModule } from "../../context.ts";
import { createTemplatesRepository } from "../templates/templates.repository.ts";
import { createProjectsRepository } from "./projects.repository.ts";
import { projectsRoutes } from "./projects.routes.ts";
import { createProjectsService } from "./projects.service.ts";

export const projectsModule: AppModule = ({ db, analytics, dashboard }) =>
  projectsRoutes(
    createProjectsService({
      projects: createProjectsRepository(db),
      templates: createTemplatesRepository(db),
      analytics,
      dashboard,
    }),
  );
