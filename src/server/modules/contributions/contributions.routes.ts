import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CONTRIBUTION_MESSAGES,
  contributionStatusSchema,
  contributionTokenParamsSchema,
  createContributionSchema,
  publicContributionSchema,
} from "#shared/schemas/contributions.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { createRateLimitedError } from "../../lib/errors.ts";
import type { RateLimiter } from "../../lib/rate-limiter.ts";
import type { ContributionsService } from "./contributions.service.ts";

export const contributionsRoutes =
  (service: ContributionsService, publicLimiter: RateLimiter): FastifyPluginAsyncZod =>
  async (app) => {
    const token = contributionTokenParamsSchema;

    app.get(
      "/api/public/contributions/:token",
      { config: { access: access.public() }, schema: { params: token } },
      async (request) => service.linkInfo(request.params.token),
    );

    app.post(
      "/api/public/contributions/:token",
      {
        config: { access: access.public() },
        // Counted per address before validation, so floods of any shape are limited.
        onRequest: async (request, reply) => {
          const result = publicLimiter.hit(`contribute:${request.ip}`);
          if (result.allowed) return;
          reply.header("Retry-After", String(result.retryAfterSeconds));
          throw createRateLimitedError(CONTRIBUTION_MESSAGES.rateLimited);
        },
        schema: { params: token, body: publicContributionSchema },
      },
      async (request, reply) =>
        reply.code(201).send(await service.addWithLink(request.params.token, request.body, request.caller)),
    );

    app.post(
      "/api/contributions",
      { config: { access: access.signedIn() }, schema: { body: createContributionSchema } },
      async (request, reply) =>
        reply.code(201).send(await service.addSignedIn(request.body, requireCaller(request))),
    );

    app.get(
      "/api/contributions/project/:projectId",
      {
        config: { access: access.owner() },
        schema: { params: z.object({ projectId: z.coerce.number().int().positive() }) },
      },
      async (request) => service.listForProject(request.params.projectId, requireCaller(request)),
    );

    app.put(
      "/api/contributions/:id/status",
      {
        config: { access: access.owner() },
        schema: {
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: contributionStatusSchema,
        },
      },
      async (request) => service.setStatus(request.params.id, request.body.status, requireCaller(request)),
    );
  };
