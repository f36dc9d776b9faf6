import "fastify";
import type { JobQueue } from "../platform/jobs/jobs.ts";
import type { Caller, RouteAccess } from "./access.ts";
import type { Readiness } from "./readiness.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** The app's background job queue (context.jobs). */
    jobs: JobQueue;
    /** Whether this process takes new work (context.readiness); index.ts ends it on shutdown. */
    readiness: Readiness;
  }
  interface FastifyRequest {
    caller: Caller | null;
    sessionHash: string | null;
  }
}
