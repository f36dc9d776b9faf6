import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fileResponse, noContent } from "#shared/schemas/responses.ts";
import {
  rubricExportQuerySchema,
  rubricFromDeliverablesSchema,
  rubricIdParamsSchema,
  rubricInputSchema,
  rubricSchema,
  rubricStartSchema,
  rubricsResponseSchema,
} from "#shared/schemas/rubrics.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendAttachment } from "../../lib/attachment.ts";
import type { RubricsService } from "./rubrics.service.ts";

const rubricFile = fileResponse("The rubric, named {title-slug}-rubric.csv|docx by Content-Disposition", [
  "text/csv; charset=utf-8",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
]);

/** An instructor's rubrics: the builder's CRUD, its starting points and the exports. */
export const rubricsRoutes =
  (service: RubricsService): FastifyPluginAsyncZod =>
  async (app) => {
    const params = rubricIdParamsSchema;

    app.get(
      "/api/rubrics",
      { config: { access: access.signedIn() }, schema: { response: { 200: rubricsResponseSchema } } },
      async (request) => ({ rubrics: await service.list(requireCaller(request)) }),
    );

    app.post(
      "/api/rubrics",
      {
        config: { access: access.signedIn() },
        schema: { body: rubricInputSchema, response: { 201: rubricSchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(request.body, requireCaller(request))),
    );

    app.get(
      "/api/rubrics/gold-standard",
      { config: { access: access.signedIn() }, schema: { response: { 200: rubricStartSchema } } },
      async () => service.goldStandard(),
    );

    app.post(
      "/api/rubrics/from-deliverables",
      {
        config: { access: access.signedIn() },
        schema: { body: rubricFromDeliverablesSchema, response: { 200: rubricStartSchema } },
      },
      async (request) => service.fromDeliverables(request.body),
    );

    app.get(
      "/api/rubrics/:id",
      { config: { access: access.owner() }, schema: { params, response: { 200: rubricSchema } } },
      async (request) => service.get(request.params.id, requireCaller(request)),
    );

    app.put(
      "/api/rubrics/:id",
      {
        config: { access: access.owner() },
        schema: { params, body: rubricInputSchema, response: { 200: rubricSchema } },
      },
      async (request) => service.update(request.params.id, request.body, requireCaller(request)),
    );

    app.delete(
      "/api/rubrics/:id",
      { config: { access: access.owner() }, schema: { params, response: { 204: noContent } } },
      async (request, reply) => {
        await service.remove(request.params.id, requireCaller(request));
        return reply.code(204).send();
      },
    );

    app.get(
      "/api/rubrics/:id/export",
      {
        config: { access: access.owner() },
        schema: { params, querystring: rubricExportQuerySchema, response: { 200: rubricFile } },
      },
      async (request, reply) =>
        sendAttachment(
          reply,
          await service.export(request.params.id, request.query.format, requireCaller(request)),
        ),
    );
  };
