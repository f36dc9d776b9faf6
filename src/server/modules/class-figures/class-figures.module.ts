import type { AppModule } from "../../context.ts";
import { createClassFiguresReadModel } from "../../read-models/class-figures.read-model.ts";
import { classFiguresRoutes } from "./class-figures.routes.ts";
import { createClassFiguresService } from "./class-figures.service.ts";

/** What instructors see of their class (docs/decisions/0055-class-figures.md). */
export const classFiguresModule: AppModule = ({ db, now, projects }) =>
  classFiguresRoutes(
    createClassFiguresService({
      figures: createClassFiguresReadModel(db),
      projects,
      now,
    }),
  );
