import type { AppModule } from "../../context.ts";
import { createToolkitReadModel } from "../../read-models/toolkit.read-model.ts";
import { toolkitRoutes } from "./toolkit.routes.ts";
import { createToolkitService } from "./toolkit.service.ts";

/** The toolkit guide export (spec B §7): the method, then the person's own material. */
export const toolkitModule: AppModule = ({ db, now, pivotAssets }) =>
  toolkitRoutes(
    createToolkitService({
      toolkit: createToolkitReadModel(db),
      pivotAssets,
      now,
    }),
  );
