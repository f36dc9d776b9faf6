import type { AppModule } from "../../context.ts";
import { uploadsRoutes } from "./uploads.routes.ts";

/** The upload addresses' PUT route; the service itself is a platform piece of the context. */
export const uploadsModule: AppModule = ({ uploads }) => uploadsRoutes(uploads);
