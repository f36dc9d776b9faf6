import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  appliedPacingActionSchema,
  applyPacingActionSchema,
  pacingActionParamsSchema,
  pacingSuggestionsQuerySchema,
  pacingSuggestionsSchema,
  reviewSessionResultSchema,
  scheduleReviewSessionSchema,
} from "#shared/schemas/cognitive-load-pacing.ts";
import { projectIdParamsSchema } from "#shared/schemas/projects.ts";
import { noContent } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { PacingSuggestionsService } from "./cognitive-load-pacing.service.ts";

/**
 * A project's pacing suggestions from cognitive load: its owner only (another instructor's
 * project 404, students 403).
 */
export const pacingSuggestionsRoutes =
  (service: PacingSuggestionsService): FastifyPluginAsyncZod =>
  async (app) => {
    const owner = { config: { access: access.owner() } };
    const params = projectIdParamsSchema;

    app.get(
      "/api/projects/:id/pacing-suggestions",
      {
        ...owner,
        schema: {
          params,
          querystring: pacingSuggestionsQuerySchema,
          response: { 200: pacingSuggestionsSchema },
        },
      },
      async (request) => service.suggestions(request.params.id, request.query, requireCaller(request)),
    );

    app.post(
      "/api/projects/:id/pacing-actions",
      {
        ...owner,
        schema: { params, body: applyPacingActionSchema, response: { 201: appliedPacingActionSchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.apply(request.params.id, request.body, requireCaller(request))),
    );

    app.post(
      "/api/projects/:id/pacing-actions/review-session",
      {
        ...owner,
        schema: { params, body: scheduleReviewSessionSchema, response: { 201: reviewSessionResultSchema } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.scheduleReviewSession(request.params.id, request.body, requireCaller(request))),
    );

    app.delete(
      "/api/projects/:id/pacing-actions/:actionId",
      { ...owner, schema: { params: pacingActionParamsSchema, response: { 204: noContent } } },
      async (request, reply) => {
        await service.undo(request.params.id, request.params.actionId, requireCaller(request));
        return reply.code(204).send();
      },
    );
  };
