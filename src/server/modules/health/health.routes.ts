import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthResponseSchema } from "#shared/schemas/health.ts";
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
  };
