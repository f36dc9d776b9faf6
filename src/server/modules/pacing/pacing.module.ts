import type { AppModule } from "../../context.ts";
import { createLaunchReadinessReadModel } from "../../read-models/launch-readiness.read-model.ts";
import { createLaunchReadinessService } from "./launch-readiness.service.ts";
import { pacingRoutes } from "./pacing.routes.ts";
import { createPacingService } from "./pacing.service.ts";

/** Pacing: a project's switches for the decisions the product makes from its class's practice, and its launch readiness. */
export const pacingModule: AppModule = (context) => {
  const { projects, pacingOptions, enrolments, now } = context;
  const readiness = createLaunchReadinessService({
    readModel: createLaunchReadinessReadModel(context.db),
    options: pacingOptions,
    projects,
    enrolments,
    practice: context.projectMastery,
    parametersOf: context.schedulingParameters,
    now,
  });
  const routes = [pacingRoutes(createPacingService({ options: pacingOptions, projects, now }), readiness)];
  return async (app) => {
    for (const part of routes) await app.register(part);
  };
};
