import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { projectIdParamsSchema } from "#shared/schemas/projects.ts";
import { schedulingFitSchema } from "#shared/schemas/scheduling-fit.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { SchedulingFitService } from "./scheduling-fit.service.ts";

/** A project's fitted scheduling: its owner only (another instructor's project 404, students 403). */
export const schedulingFitRoutes =
  (service: SchedulingFitService): FastifyPluginAsyncZod =>
  async (app) => {
    const owner = { config: { access: access.owner() } };
    const params = projectIdParamsSchema;
    app.get(
      "/api/projects/:id/scheduling-fit",
      { ...owner, schema: { params, response: { 200: schedulingFitSchema } } },
      async (request) => service.forOwner(request.params.id, requireCaller(request)),
    );
    // Fit now: 202 with the fit queued; 409 when there is not enough data (the message has the numbers).
    app.post(
      "/api/projects/:id/scheduling-fit",
      { ...owner, schema: { params, response: { 202: schedulingFitSchema } } },
      async (request, reply) =>
        reply.code(202).send(await service.request(request.params.id, requireCaller(request))),
    );
  };
