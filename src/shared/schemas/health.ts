import { z } from "zod";

/** GET /api/health (ARCHITECTURE: process contract): answered once the database is ready. */
export const healthResponseSchema = z.object({ status: z.literal("ok") });

/**
 * GET /api/health/ready, for a load balancer: 200 "ready" when this instance takes new work (its
 * database answers, every migration is applied, it is not shutting down), 503 "not ready" with the
 * reason otherwise. The job backlog is shared by every instance (one database); when it could not
 * be read, it says 0 and null with the reason.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(["ready", "not ready"]),
  reason: z.string().optional(),
  instance: z.string(),
  version: z.string(),
  jobs: z.object({
    waiting: z.number().int().nonnegative(),
    oldestWaitingSeconds: z.number().int().nonnegative().nullable(),
  }),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
