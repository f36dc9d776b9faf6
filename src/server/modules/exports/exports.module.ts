import type { AppModule } from "../../context.ts";
import { exportsRoutes } from "./exports.routes.ts";
import { createExportsService } from "./exports.service.ts";

/** File exports: the renderers every module writes its files with, and the methodology download. */
export const exportsModule: AppModule = ({ now }) => exportsRoutes(createExportsService({ now }));
