import type { AppModule } from "../../context.ts";
import { dashboardRoutes } from "./dashboard.routes.ts";

/** The dashboard's figures live in the context: sign-in and /api/auth/me carry them too. */
export const dashboardModule: AppModule = ({ dashboard, now }) => dashboardRoutes({ dashboard, now });
