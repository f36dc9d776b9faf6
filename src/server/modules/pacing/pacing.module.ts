import type { AppModule } from "../../context.ts";
import { pacingRoutes } from "./pacing.routes.ts";
import { createPacingService } from "./pacing.service.ts";

/** Pacing: a project's switches for the decisions the product makes from its class's practice. */
export const pacingModule: AppModule = (context) => {
  const { projects, pacingOptions, now } = context;
  const routes = [pacingRoutes(createPacingService({ options: pacingOptions, projects, now }))];
  return async (app) => {
    for (const part of routes) await app.register(part);
  };
};
