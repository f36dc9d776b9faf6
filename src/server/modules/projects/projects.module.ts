import type { AppModule } from "../../context.ts";
import { projectsRoutes } from "./projects.routes.ts";
import { createProjectsService } from "./projects.service.ts";

export const projectsModule: AppModule = ({ db, events, templates }) =>
  projectsRoutes(createProjectsService({ db, templates, events }));
