import type { AppModule } from "../../context.ts";
import { pivotAssetsRoutes } from "./pivot-assets.routes.ts";

/** Pivot Assets (spec B §2, §7): its service is built once in the context, which the toolkit shares. */
export const pivotAssetsModule: AppModule = ({ pivotAssets }) => pivotAssetsRoutes(pivotAssets);
