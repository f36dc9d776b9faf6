import type { AppModule } from "../../context.ts";
import { createClassFiguresRepository } from "./class-figures.repository.ts";
import { classFiguresRoutes } from "./class-figures.routes.ts";
import { createClassFiguresService } from "./class-figures.service.ts";

/** What instructors see of their class (docs/decisions.md, "Class figures"). */
export const classFiguresModule: AppModule = ({ db, now, projects }) =>
  classFiguresRoutes(
    createClassFiguresService({
      figures: createClassFiguresRepository(db),
      projects,
      now,
    }),
  );
