import type { AppModule } from "../../context.ts";
import { createTemplatesRepository } from "../templates/templates.repository.ts";
import { projectsRoutes } from "./projects.routes.ts";
import { createProjectsService } from "./projects.service.ts";

export const projectsModule: AppModule = ({ db, events }) =>
  projectsRoutes(createProjectsService({ db, templates: createTemplatesRepository(db), events }));
