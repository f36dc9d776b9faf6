import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pacingOptionsInputSchema, pacingOptionsSchema } from "#shared/schemas/pacing.ts";
import { projectIdParamsSchema } from "#shared/schemas/projects.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { PacingService } from "./pacing.service.ts";

/** A project's pacing switches: its owner only (another instructor's project 404, students 403). */
export const pacingRoutes =
  (service: PacingService): FastifyPluginAsyncZod =>
  async (app) => {
    const owner = { config: { access: access.owner() } };
    const params = projectIdParamsSchema;

    app.get(
      "/api/projects/:id/pacing",
      { ...owner, schema: { params, response: { 200: pacingOptionsSchema } } },
      async (request) => service.options(request.params.id, requireCaller(request)),
    );

    app.patch(
      "/api/projects/:id/pacing",
      {
        ...owner,
        schema: { params, body: pacingOptionsInputSchema, response: { 200: pacingOptionsSchema } },
      },
      async (request) => service.setOptions(request.params.id, request.body, requireCaller(request)),
    );
  };
