import type { AppModule } from "../../context.ts";
import { uploadsRoutes } from "./uploads.routes.ts";
import { SWEEP_INTERVAL_SECONDS } from "./uploads.service.ts";

/** The periodic job that removes unrecorded uploads and the objects of removed ones. */
export const UPLOAD_SWEEP_QUEUE = "uploads.sweep";

/** The upload addresses' PUT route and the sweep; the service itself is a platform piece of the context. */
export const uploadsModule: AppModule = ({ uploads, jobs }) => {
  jobs.every(UPLOAD_SWEEP_QUEUE, SWEEP_INTERVAL_SECONDS, () => uploads.sweep());
  return uploadsRoutes(uploads);
};
