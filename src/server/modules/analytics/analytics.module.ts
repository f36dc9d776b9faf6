import type { AppModule } from "../../context.ts";
import { analyticsRoutes } from "./analytics.routes.ts";

export const analyticsModule: AppModule = ({ analytics }) => analyticsRoutes(analytics);
