import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "#shared/schemas/common.ts";
import {
  documentSearchResultSchema,
  documentSearchSchema,
  documentSearchStatusSchema,
} from "#shared/schemas/document-search.ts";
import {
  createDocumentSchema,
  documentIdParamsSchema,
  documentListQuerySchema,
  documentSchema,
  uploadUrlRequestSchema,
  uploadUrlResponseSchema,
} from "#shared/schemas/documents.ts";
import { noContent } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendPage } from "../../lib/paging.ts";
import { sendStoredFile } from "../uploads/stored-file.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import type { DocumentsService } from "./documents.service.ts";

/** spec B §7 Uploads and Documents, with the owner rules of ARCHITECTURE on the server. */
export const documentsRoutes =
  (service: DocumentsService, uploads: UploadsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/documents/upload-url",
      {
        config: { access: access.signedIn() },
        schema: { body: uploadUrlRequestSchema, response: { 200: uploadUrlResponseSchema } },
      },
      async (request) => ({
        uploadURL: await uploads.createAddress(requireCaller(request), request.body.fileName),
      }),
    );

    app.post(
      "/api/documents",
      {
        config: { access: access.signedIn() },
        schema: { body: createDocumentSchema, response: { 201: documentSchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(requireCaller(request), request.body)),
    );

    app.get(
      "/api/documents/faculty/:facultyId",
      {
        config: { access: access.self("facultyId") },
        schema: {
          params: idParams("facultyId", "faculty id"),
          querystring: documentListQuerySchema,
          response: { 200: z.array(documentSchema) },
        },
      },
      async (request, reply) => sendPage(reply, await service.page(requireCaller(request), request.query)),
    );

    app.get(
      "/api/documents/:id",
      {
        config: { access: access.owner() },
        schema: { params: documentIdParamsSchema, response: { 200: documentSchema } },
      },
      async (request) => service.get(requireCaller(request), request.params.id),
    );

    app.delete(
      "/api/documents/:id",
      {
        config: { access: access.owner() },
        schema: { params: documentIdParamsSchema, response: { 204: noContent } },
      },
      async (request, reply) => {
        await service.remove(requireCaller(request), request.params.id);
        return reply.code(204).send();
      },
    );

    // (Re)queues the indexing job; 202 with the document (its status pending).
    app.post(
      "/api/documents/:id/vectorize",
      {
        config: { access: access.owner() },
        schema: { params: documentIdParamsSchema, response: { 202: documentSchema } },
      },
      async (request, reply) =>
        reply.code(202).send(await service.vectorize(requireCaller(request), request.params.id)),
    );

    // spec B §7: body {query, limit} -> {documents}; the caller's documents only.
    app.post(
      "/api/search/documents",
      {
        config: { access: access.signedIn() },
        schema: { body: documentSearchSchema, response: { 200: documentSearchResultSchema } },
      },
      async (request) => service.search(requireCaller(request), request.body),
    );

    // What a search without hits can suggest: how many of the caller's documents are searchable.
    app.get(
      "/api/search/documents/status",
      {
        config: { access: access.signedIn() },
        schema: { response: { 200: documentSearchStatusSchema } },
      },
      async (request) => service.searchStatus(requireCaller(request)),
    );

    // spec B §7: "Download opens the document's fileUrl". Bearer or the session cookie (a new tab).
    app.get(
      "/objects/uploads/:uploadId",
      {
        config: { access: access.owner() },
        compress: false,
        schema: { params: z.object({ uploadId: z.string().max(64) }), hide: true },
      },
      async (request, reply) => {
        const { file, downloaded } = await service.download(requireCaller(request), request.params.uploadId);
        return sendStoredFile(request, reply, uploads, file, downloaded);
      },
    );
  };
