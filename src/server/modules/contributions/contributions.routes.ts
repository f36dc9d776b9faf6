import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "#shared/schemas/common.ts";
import {
  CONTRIBUTION_MESSAGES,
  contributionIdParamsSchema,
  contributionLinkSchema,
  contributionReceiptSchema,
  contributionSchema,
  contributionStatusSchema,
  contributionSummaryQuerySchema,
  contributionSummarySchema,
  contributionTokenParamsSchema,
  createContributionSchema,
  ownContributionSchema,
  ownContributionsQuerySchema,
  projectContributionsQuerySchema,
  publicContributionSchema,
} from "#shared/schemas/contributions.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendPage } from "../../lib/paging.ts";
import { type RateLimiter, refuseWhenLimited } from "../../platform/rate-limits/rate-limiter.ts";
import type { ContributionsService } from "./contributions.service.ts";

export interface ContributionLimiters {
  /** Contributions sent, per address (public link) or per person (signed in). */
  contributions: RateLimiter;
  /** Contribution links looked up, per address: a token cannot be guessed at speed. */
  linkLookups: RateLimiter;
}

/** An onRequest hook: counted before validation, so floods of any shape are limited. */
const limitedBy =
  (limiter: RateLimiter, key: (request: FastifyRequest) => string, message: string) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    refuseWhenLimited(await limiter.hit(key(request)), reply, message);
  };

export const contributionsRoutes =
  (service: ContributionsService, limiters: ContributionLimiters): FastifyPluginAsyncZod =>
  async (app) => {
    const token = contributionTokenParamsSchema;
    const perAddress = (request: FastifyRequest) => `contribute:${request.ip}`;

    app.get(
      "/api/public/contributions/:token",
      {
        config: { access: access.public() },
        onRequest: limitedBy(limiters.linkLookups, perAddress, CONTRIBUTION_MESSAGES.lookupsLimited),
        schema: { params: token, response: { 200: contributionLinkSchema } },
      },
      async (request) => service.linkInfo(request.params.token),
    );

    app.post(
      "/api/public/contributions/:token",
      {
        config: { access: access.public() },
        onRequest: limitedBy(limiters.contributions, perAddress, CONTRIBUTION_MESSAGES.rateLimited),
        schema: {
          params: token,
          body: publicContributionSchema,
          response: { 201: contributionReceiptSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.addWithLink(request.params.token, request.body, request.caller)),
    );

    app.post(
      "/api/contributions",
      {
        config: { access: access.signedIn() },
        // Runs after the session check (registered after it), so the person is known here.
        onRequest: limitedBy(
          limiters.contributions,
          (request) => `contribute:faculty:${request.caller?.id ?? request.ip}`,
          CONTRIBUTION_MESSAGES.rateLimited,
        ),
        schema: { body: createContributionSchema, response: { 201: contributionSchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.addSignedIn(request.body, requireCaller(request))),
    );

    /** spec A §7: a page of one project's contributions, newest first (X-Total-Count). */
    app.get(
      "/api/contributions/project/:projectId",
      {
        config: { access: access.owner() },
        schema: {
          params: idParams("projectId", "project id"),
          querystring: projectContributionsQuerySchema,
          response: { 200: z.array(contributionSchema) },
        },
      },
      async (request, reply) =>
        sendPage(
          reply,
          await service.pageForProject(request.params.projectId, request.query, requireCaller(request)),
        ),
    );

    /**
     * Student Collaboration: a page of the contributions to the caller's own projects,
     * all of them or one, filtered on the server; only the caller's own are ever read.
     */
    app.get(
      "/api/contributions",
      {
        config: { access: access.signedIn() },
        schema: {
          querystring: ownContributionsQuerySchema,
          response: { 200: z.array(ownContributionSchema) },
        },
      },
      async (request, reply) => sendPage(reply, await service.pageOwn(request.query, requireCaller(request))),
    );

    /** The figures above Student Collaboration's list, for the caller's own projects (or one). */
    app.get(
      "/api/contributions/summary",
      {
        config: { access: access.signedIn() },
        schema: {
          querystring: contributionSummaryQuerySchema,
          response: { 200: contributionSummarySchema },
        },
      },
      async (request) => service.summary(request.query.projectId, requireCaller(request)),
    );

    app.put(
      "/api/contributions/:id/status",
      {
        config: { access: access.owner() },
        schema: {
          params: contributionIdParamsSchema,
          body: contributionStatusSchema,
          response: { 200: contributionSchema },
        },
      },
      async (request) => service.setStatus(request.params.id, request.body.status, requireCaller(request)),
    );
  };
