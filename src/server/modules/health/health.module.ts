import type { AppModule } from "../../context.ts";
import { healthRoutes } from "./health.routes.ts";
import { createHealthService } from "./health.service.ts";

export const healthModule: AppModule = ({ db, readiness, jobs }) =>
  healthRoutes(createHealthService(db, readiness, jobs));
