import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  COGNITIVE_LOAD_MESSAGES,
  checkInReceiptSchema,
  checkInSchema,
  cognitiveLoadSummarySchema,
  importCheckInsBodySchema,
  importCheckInsQuerySchema,
  importCheckInsResultSchema,
  recordCheckInSchema,
  semesterSettingAnswerSchema,
  semesterSettingSchema,
  sliceQuerySchema,
} from "#shared/schemas/cognitive-load.ts";
import { contributionTokenParamsSchema } from "#shared/schemas/contributions.ts";
import { fileResponse } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendAttachment } from "../../lib/attachment.ts";
import { type RateLimiter, refuseWhenLimited } from "../../platform/rate-limits/rate-limiter.ts";
import type { SessionStore } from "../auth/session.store.ts";
import { SESSION_COOKIE } from "../auth/session-cookie.ts";
import type { CognitiveLoadService } from "./cognitive-load.service.ts";

const exportFile = fileResponse("The slice's check-ins as CSV, named by Content-Disposition", ["text/csv"]);

/**
 * Cognitive Load Analytics: the public check-in by a project's contribution link, and
 * the owner's record, import, summary, export and semester start. Students answer 403 on the
 * instructor routes; another instructor's project answers 404.
 */
export const cognitiveLoadRoutes =
  (service: CognitiveLoadService, limiter: RateLimiter, sessions: SessionStore): FastifyPluginAsyncZod =>
  async (app) => {
    const mine = { config: { access: access.signedIn() } };

    app.post(
      "/api/public/cognitive-load/:token",
      {
        config: { access: access.public() },
        // Counted before validation, like contributions: floods of any shape are limited.
        onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
          refuseWhenLimited(
            await limiter.hit(`check-in:${request.ip}`),
            reply,
            COGNITIVE_LOAD_MESSAGES.rateLimited,
          );
        },
        schema: {
          params: contributionTokenParamsSchema,
          body: checkInSchema,
          response: { 201: checkInReceiptSchema },
        },
      },
      async (request, reply) => {
        // Who sends it, when signed in (bearer, or the session cookie of the same browser): the
        // project's owner sending their own check-in must not count as a student (see the service).
        const cookie = request.cookies[SESSION_COOKIE];
        const senderId =
          request.caller?.id ?? (cookie ? (await sessions.resolve(cookie))?.faculty.id : undefined);
        return reply.code(201).send(await service.addWithLink(request.params.token, request.body, senderId));
      },
    );

    app.post(
      "/api/cognitive-load/check-ins",
      { ...mine, schema: { body: recordCheckInSchema, response: { 201: checkInReceiptSchema } } },
      async (request, reply) => {
        const { projectId, ...input } = request.body;
        return reply.code(201).send(await service.record(projectId, input, requireCaller(request)));
      },
    );

    app.post(
      "/api/cognitive-load/import",
      {
        ...mine,
        schema: {
          querystring: importCheckInsQuerySchema,
          body: importCheckInsBodySchema,
          response: { 200: importCheckInsResultSchema },
        },
      },
      async (request) =>
        service.importCsv(
          request.body.projectId,
          request.body.csv,
          request.query.dryRun === "true",
          requireCaller(request),
        ),
    );

    app.get(
      "/api/cognitive-load/summary",
      { ...mine, schema: { querystring: sliceQuerySchema, response: { 200: cognitiveLoadSummarySchema } } },
      async (request) => service.summary(request.query, requireCaller(request)),
    );

    app.get(
      "/api/cognitive-load/export",
      { ...mine, schema: { querystring: sliceQuerySchema, response: { 200: exportFile } } },
      async (request, reply) => {
        const csv = await service.exportCsv(request.query, requireCaller(request));
        return sendAttachment(reply, {
          fileName: `cognitive-load-${request.query.timeframe}-${request.query.context}.csv`,
          contentType: "text/csv; charset=utf-8",
          body: Buffer.from(csv, "utf8"),
        });
      },
    );

    app.get(
      "/api/cognitive-load/settings",
      { ...mine, schema: { response: { 200: semesterSettingAnswerSchema } } },
      async (request) => service.semester(requireCaller(request)),
    );
    app.put(
      "/api/cognitive-load/settings",
      { ...mine, schema: { body: semesterSettingSchema, response: { 200: semesterSettingAnswerSchema } } },
      async (request) => service.setSemester(request.body.semesterStart, requireCaller(request)),
    );
  };
