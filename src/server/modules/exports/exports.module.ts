import type { AppModule } from "../../context.ts";
import { toolAddresses } from "../lti/lti.service.ts";
import { exportsRoutes } from "./exports.routes.ts";
import { createExportsService } from "./exports.service.ts";

/**
 * File exports: the renderers every module writes its files with, the methodology download, and a
 * project as a Common Cartridge.
 */
export const exportsModule: AppModule = ({ now, config, projects, pivotAssets }) =>
  exportsRoutes(
    createExportsService({ now, projects, pivotAssets, launchUrl: toolAddresses(config).launchUrl }),
  );
