import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "#shared/schemas/common.ts";
import {
  aiStatusSchema,
  conversionIdParamsSchema,
  conversionListQuerySchema,
  conversionStatsSchema,
  createConversionSchema,
  generateConversionSchema,
  generateEventSchema,
  objectiveConversionSchema,
  ratingSchema,
} from "#shared/schemas/conversions.ts";
import { noContent } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { ndjsonResponse, sendNdjson } from "../../lib/ndjson.ts";
import { sendPage } from "../../lib/paging.ts";
import type { ObjectiveConversionsService } from "./objective-conversions.service.ts";

const facultyParams = idParams("facultyId", "faculty id");

/** The generate stream, documented line by line (lib/ndjson.ts). */
const generateResponse = ndjsonResponse(
  "One JSON event per line (NDJSON): start, deltas, then done; fallback before the template",
  generateEventSchema,
);

export const objectiveConversionsRoutes =
  (service: ObjectiveConversionsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/ai/status",
      { config: { access: access.signedIn() }, schema: { response: { 200: aiStatusSchema } } },
      async (request) => service.aiStatus(requireCaller(request)),
    );

    /**
     * Streams the framework as it is written: one JSON event per line (GenerateEvent). Never
     * compressed: a compressor would hold the pieces back until its buffer fills.
     */
    app.post(
      "/api/objective-conversions/generate",
      {
        config: { access: access.signedIn() },
        compress: false,
        schema: { body: generateConversionSchema, response: { 200: generateResponse } },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        return sendNdjson(reply, (signal) => service.generate(request.body, caller, signal));
      },
    );

    app.post(
      "/api/objective-conversions",
      {
        config: { access: access.signedIn() },
        schema: { body: createConversionSchema, response: { 201: objectiveConversionSchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(request.body, requireCaller(request))),
    );

    /** spec A §7: the list, newest first; `q`, `limit` and `offset` page it (X-Total-Count). */
    app.get(
      "/api/objective-conversions/faculty/:facultyId",
      {
        config: { access: access.self("facultyId") },
        schema: {
          params: facultyParams,
          querystring: conversionListQuerySchema,
          response: { 200: z.array(objectiveConversionSchema) },
        },
      },
      async (request, reply) => sendPage(reply, await service.page(requireCaller(request), request.query)),
    );

    app.get(
      "/api/objective-conversions/faculty/:facultyId/stats",
      {
        config: { access: access.self("facultyId") },
        schema: { params: facultyParams, response: { 200: conversionStatsSchema } },
      },
      async (request) => service.stats(requireCaller(request)),
    );

    /** One's own conversion: "Create Wizard Project" opens the wizard with its id. */
    app.get(
      "/api/objective-conversions/:id",
      {
        config: { access: access.owner() },
        schema: { params: conversionIdParamsSchema, response: { 200: objectiveConversionSchema } },
      },
      async (request) => service.get(request.params.id, requireCaller(request)),
    );

    app.put(
      "/api/objective-conversions/:id/rating",
      {
        config: { access: access.owner() },
        schema: {
          params: conversionIdParamsSchema,
          body: ratingSchema,
          response: { 200: objectiveConversionSchema },
        },
      },
      async (request) => service.rate(request.params.id, request.body.feedbackRating, requireCaller(request)),
    );

    app.delete(
      "/api/objective-conversions/:id",
      {
        config: { access: access.owner() },
        schema: { params: conversionIdParamsSchema, response: { 204: noContent } },
      },
      async (request, reply) => {
        await service.remove(request.params.id, requireCaller(request));
        return reply.code(204).send();
      },
    );
  };
