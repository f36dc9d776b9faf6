import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthResponseSchema, readinessResponseSchema } from "#shared/schemas/health.ts";
import { access } from "../../lib/access.ts";
import type { HealthService } from "./health.service.ts";

export const healthRoutes =
  (service: HealthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/health",
      { config: { access: access.public() }, schema: { response: { 200: healthResponseSchema } } },
      async () => service.check(),
    );

    // For a load balancer: 503 takes this instance out of rotation (shutting down, no database).
    app.get(
      "/api/health/ready",
      {
        config: { access: access.public() },
        schema: { response: { 200: readinessResponseSchema, 503: readinessResponseSchema } },
      },
      async (_request, reply) => {
        const { ready, body } = await service.ready();
        return reply.code(ready ? 200 : 503).send(body);
      },
    );
  };
