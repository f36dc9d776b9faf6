import "fastify";
import type { Caller, RouteAccess } from "./access.ts";
import type { JobQueue } from "./jobs.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** The app's background job queue (context.jobs). */
    jobs: JobQueue;
  }
  interface FastifyRequest {
    caller: Caller | null;
    sessionHash: string | null;
  }
}
