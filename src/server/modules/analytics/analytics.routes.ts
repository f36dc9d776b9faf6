import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  analyticsEventSchema,
  analyticsQuerySchema,
  createAnalyticsEventSchema,
} from "#shared/schemas/analytics.ts";
import { idParams } from "#shared/schemas/common.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { AnalyticsService } from "./analytics.service.ts";

export const analyticsRoutes =
  (analytics: AnalyticsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/analytics",
      {
        config: { access: access.signedIn() },
        schema: { body: createAnalyticsEventSchema, response: { 201: analyticsEventSchema } },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        const event = await analytics.record(caller.id, request.body.eventType, request.body.eventData);
        return reply.code(201).send(event);
      },
    );

    app.get(
      "/api/analytics/faculty/:facultyId",
      {
        config: { access: access.self("facultyId") },
        schema: {
          params: idParams("facultyId", "faculty id"),
          querystring: analyticsQuerySchema,
          response: { 200: z.array(analyticsEventSchema) },
        },
      },
      async (request) => analytics.listFor(request.params.facultyId, request.query.eventType),
    );
  };
