import type { AppModule } from "../../context.ts";
import { pivotAssetsRoutes } from "./pivot-assets.routes.ts";
import { createPivotAssetsService } from "./pivot-assets.service.ts";

export const pivotAssetsModule: AppModule = ({ db, now, keys, provider, log, scheduling }) =>
  pivotAssetsRoutes(createPivotAssetsService({ db, now, keys, provider, log, scheduling }));
