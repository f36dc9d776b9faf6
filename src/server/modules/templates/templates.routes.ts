import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { EXPORT_CONTENT_TYPES } from "#shared/domain/templates.ts";
import { fileResponse, noContent } from "#shared/schemas/responses.ts";
import {
  createTemplateSchema,
  exportTemplatesSchema,
  rejectTemplateSchema,
  type Template,
  templateDisciplinesSchema,
  templateIdParamsSchema,
  templateListSchema,
  templateSchema,
  templateSearchQuerySchema,
  templateUseResponseSchema,
  updateTemplateSchema,
} from "#shared/schemas/templates.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendAttachment } from "../../lib/attachment.ts";
import { asAnswer } from "../../lib/response-serializer.ts";
import type { TemplatesService } from "./templates.service.ts";

export const templatesRoutes =
  (service: TemplatesService): FastifyPluginAsyncZod =>
  async (app) => {
    const params = templateIdParamsSchema;
    const oneTemplate = { 200: templateSchema };
    const exportedFile = fileResponse(
      "The exported file, named by Content-Disposition",
      Object.values(EXPORT_CONTENT_TYPES),
    );

    app.get(
      "/api/templates/search",
      {
        config: { access: access.signedIn() },
        schema: { querystring: templateSearchQuerySchema, response: { 200: templateListSchema } },
      },
      async (request, reply) => {
        const { templates, total } = await service.search(request.query, requireCaller(request));
        reply.header("X-Total-Count", String(total));
        return asAnswer<Template[]>(templates);
      },
    );

    app.get(
      "/api/templates/disciplines",
      {
        config: { access: access.signedIn() },
        schema: { response: { 200: templateDisciplinesSchema } },
      },
      async (request) => service.disciplines(requireCaller(request)),
    );

    app.post(
      "/api/templates/export",
      {
        config: { access: access.signedIn() },
        schema: { body: exportTemplatesSchema, response: { 200: exportedFile } },
      },
      async (request, reply) =>
        sendAttachment(reply, await service.export(request.body, requireCaller(request))),
    );

    app.get(
      "/api/templates/:id",
      { config: { access: access.owner() }, schema: { params, response: oneTemplate } },
      async (request) => service.get(request.params.id, requireCaller(request)),
    );

    app.post(
      "/api/templates",
      {
        config: { access: access.signedIn() },
        schema: { body: createTemplateSchema, response: { 201: templateSchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(request.body, requireCaller(request))),
    );

    app.put(
      "/api/templates/:id",
      {
        config: { access: access.owner() },
        schema: { params, body: updateTemplateSchema, response: oneTemplate },
      },
      async (request) => service.update(request.params.id, request.body, requireCaller(request)),
    );

    app.delete(
      "/api/templates/:id",
      { config: { access: access.owner() }, schema: { params, response: { 204: noContent } } },
      async (request, reply) => {
        await service.remove(request.params.id, requireCaller(request));
        return reply.code(204).send();
      },
    );

    app.post(
      "/api/templates/:id/approve",
      { config: { access: access.admin() }, schema: { params, response: oneTemplate } },
      async (request) => service.approve(request.params.id, requireCaller(request)),
    );

    app.post(
      "/api/templates/:id/reject",
      {
        config: { access: access.admin() },
        schema: { params, body: rejectTemplateSchema, response: oneTemplate },
      },
      async (request) => service.reject(request.params.id, request.body?.reason, requireCaller(request)),
    );

    app.post(
      "/api/templates/:id/use",
      {
        config: { access: access.owner() },
        schema: { params, response: { 200: templateUseResponseSchema } },
      },
      async (request) => service.use(request.params.id, requireCaller(request)),
    );
  };
