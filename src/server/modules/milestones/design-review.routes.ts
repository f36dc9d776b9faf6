import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { designReviewInputSchema, designReviewResponseSchema } from "#shared/schemas/design-review.ts";
import { projectIdParamsSchema } from "#shared/schemas/projects.ts";
import { noContent } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { DesignReviewService } from "./design-review.service.ts";

/**
 * A project's design review with a rubric: its owner's only (another instructor's project answers
 * 404, students 403).
 */
export const designReviewRoutes =
  (service: DesignReviewService): FastifyPluginAsyncZod =>
  async (app) => {
    const owner = { config: { access: access.owner() } };
    const params = projectIdParamsSchema;

    app.get(
      "/api/projects/:id/design-review",
      { ...owner, schema: { params, response: { 200: designReviewResponseSchema } } },
      async (request) => service.get(request.params.id, requireCaller(request)),
    );

    app.put(
      "/api/projects/:id/design-review",
      {
        ...owner,
        schema: { params, body: designReviewInputSchema, response: { 200: designReviewResponseSchema } },
      },
      async (request) => service.save(request.params.id, request.body, requireCaller(request)),
    );

    app.delete(
      "/api/projects/:id/design-review",
      { ...owner, schema: { params, response: { 204: noContent } } },
      async (request, reply) => {
        await service.remove(request.params.id, requireCaller(request));
        return reply.code(204).send();
      },
    );
  };
