import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CORRECTED_QUERY_HEADER,
  createKnowledgeEntrySchema,
  knowledgeAskEventSchema,
  knowledgeAskSchema,
  knowledgeEntryIdParamsSchema,
  knowledgeEntrySchema,
  knowledgeEntryViewSchema,
  knowledgeFacultyParamsSchema,
  knowledgeListQuerySchema,
  knowledgeListSchema,
  knowledgeSearchQuerySchema,
  knowledgeSearchResultSchema,
  knowledgeStatsSchema,
  updateKnowledgeEntrySchema,
} from "#shared/schemas/knowledge-base.ts";
import { noContent } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { ndjsonResponse, sendNdjson } from "../../lib/ndjson.ts";
import { sendPage } from "../../lib/paging.ts";
import type { KnowledgeService } from "./knowledge-base.service.ts";

/** The ask stream, documented line by line (lib/ndjson.ts). */
const askResponse = ndjsonResponse(
  "One JSON event per line (NDJSON): sources, then the answer's deltas, then done",
  knowledgeAskEventSchema,
);

/**
 * spec B §7 Knowledge base, with PUT (the spec has no edit), stats, search scopes and
 * ask. Instructors and administrators only: a student gets 403 on every route (access rules
 * without `students`). One's own entries; colleagues' shared ones read-only, through the
 * institution scope of the list, search and ask, and by id.
 */
export const knowledgeRoutes =
  (service: KnowledgeService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/knowledge-base/faculty/:facultyId",
      {
        config: { access: access.self("facultyId") },
        schema: {
          params: knowledgeFacultyParamsSchema,
          querystring: knowledgeListQuerySchema,
          response: { 200: knowledgeListSchema },
        },
      },
      async (request, reply) => sendPage(reply, await service.page(requireCaller(request), request.query)),
    );

    app.get(
      "/api/knowledge-base/search/:facultyId",
      {
        config: { access: access.self("facultyId") },
        schema: {
          params: knowledgeFacultyParamsSchema,
          querystring: knowledgeSearchQuerySchema,
          response: { 200: knowledgeSearchResultSchema },
        },
      },
      async (request, reply) => {
        const { hits, correctedQuery } = await service.search(requireCaller(request), request.query);
        // The words searched when the query as typed found nothing ("Did you mean …"), as the
        // list's count travels in X-Total-Count: the body stays the spec's list of entries.
        if (correctedQuery) reply.header(CORRECTED_QUERY_HEADER, encodeURIComponent(correctedQuery));
        return hits;
      },
    );

    app.get(
      "/api/knowledge-base/stats",
      { config: { access: access.signedIn() }, schema: { response: { 200: knowledgeStatsSchema } } },
      async (request) => service.stats(requireCaller(request)),
    );

    app.get(
      "/api/knowledge-base/:id",
      {
        config: { access: access.owner() },
        schema: { params: knowledgeEntryIdParamsSchema, response: { 200: knowledgeEntryViewSchema } },
      },
      async (request) => service.get(requireCaller(request), request.params.id),
    );

    app.post(
      "/api/knowledge-base",
      {
        config: { access: access.signedIn() },
        schema: { body: createKnowledgeEntrySchema, response: { 201: knowledgeEntrySchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(requireCaller(request), request.body)),
    );

    app.put(
      "/api/knowledge-base/:id",
      {
        config: { access: access.owner() },
        schema: {
          params: knowledgeEntryIdParamsSchema,
          body: updateKnowledgeEntrySchema,
          response: { 200: knowledgeEntrySchema },
        },
      },
      async (request) => service.update(requireCaller(request), request.params.id, request.body),
    );

    app.delete(
      "/api/knowledge-base/:id",
      {
        config: { access: access.owner() },
        schema: { params: knowledgeEntryIdParamsSchema, response: { 204: noContent } },
      },
      async (request, reply) => {
        await service.remove(requireCaller(request), request.params.id);
        return reply.code(204).send();
      },
    );

    /**
     * Streams the answer to a question: one JSON event per line. Never
     * compressed: a compressor would hold the pieces back until its buffer fills.
     */
    app.post(
      "/api/knowledge-base/ask",
      {
        config: { access: access.signedIn() },
        compress: false,
        schema: { body: knowledgeAskSchema, response: { 200: askResponse } },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        return sendNdjson(reply, (signal) => service.ask(caller, request.body, signal));
      },
    );
  };
