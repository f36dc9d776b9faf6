import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { tzQuerySchema } from "#shared/schemas/pivot-assets.ts";
import { projectIdParamsSchema } from "#shared/schemas/projects.ts";
import { classMasteryListSchema, classMasterySchema } from "#shared/schemas/student.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { ClassFiguresService } from "./class-figures.service.ts";

/**
 * The class figures of a project (its owner only: another instructor 404,
 * students 403), and of all of one's projects with students for Pivot Assets' Mastery Analytics
 * (an instructor route like the other /api/pivot-assets routes).
 */
export const classFiguresRoutes =
  (service: ClassFiguresService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/projects/:id/class-mastery",
      {
        config: { access: access.owner() },
        schema: {
          params: projectIdParamsSchema,
          querystring: tzQuerySchema,
          response: { 200: classMasterySchema },
        },
      },
      async (request) => service.forProject(request.params.id, requireCaller(request), request.query.tz),
    );

    app.get(
      "/api/pivot-assets/class-mastery",
      {
        config: { access: access.signedIn() },
        schema: { querystring: tzQuerySchema, response: { 200: classMasteryListSchema } },
      },
      async (request) => service.forCaller(requireCaller(request), request.query.tz),
    );
  };
