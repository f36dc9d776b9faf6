import type { AppModule } from "../../context.ts";
import { healthRoutes } from "./health.routes.ts";

export const healthModule: AppModule = ({ db }) => healthRoutes(db);
