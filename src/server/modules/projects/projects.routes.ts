import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "#shared/schemas/common.ts";
import {
  contributionTokenResponseSchema,
  createProjectSchema,
  projectIdParamsSchema,
  projectListItemSchema,
  projectListQuerySchema,
  projectSchema,
  updateProjectSchema,
} from "#shared/schemas/projects.ts";
import { noContent } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendPage } from "../../lib/paging.ts";
import type { ProjectsService } from "./projects.service.ts";

export const projectsRoutes =
  (service: ProjectsService): FastifyPluginAsyncZod =>
  async (app) => {
    const params = projectIdParamsSchema;

    /** A page of one's own projects (spec A §7), filtered and ordered by the query; X-Total-Count. */
    app.get(
      "/api/projects/faculty/:facultyId",
      {
        config: { access: access.self("facultyId") },
        schema: {
          params: idParams("facultyId", "faculty id"),
          querystring: projectListQuerySchema,
          response: { 200: z.array(projectListItemSchema) },
        },
      },
      async (request, reply) => sendPage(reply, await service.page(requireCaller(request), request.query)),
    );

    app.get(
      "/api/projects/:id",
      { config: { access: access.owner() }, schema: { params, response: { 200: projectSchema } } },
      async (request) => service.get(request.params.id, requireCaller(request)),
    );

    app.post(
      "/api/projects",
      {
        config: { access: access.signedIn() },
        schema: { body: createProjectSchema, response: { 201: projectSchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(request.body, requireCaller(request))),
    );

    app.put(
      "/api/projects/:id",
      {
        config: { access: access.owner() },
        schema: { params, body: updateProjectSchema, response: { 200: projectSchema } },
      },
      async (request) => service.update(request.params.id, request.body, requireCaller(request)),
    );

    app.delete(
      "/api/projects/:id",
      { config: { access: access.owner() }, schema: { params, response: { 204: noContent } } },
      async (request, reply) => {
        await service.remove(request.params.id, requireCaller(request));
        return reply.code(204).send();
      },
    );

    app.post(
      "/api/projects/:id/contribution-token",
      {
        config: { access: access.owner() },
        schema: { params, response: { 200: contributionTokenResponseSchema } },
      },
      async (request) => service.regenerateToken(request.params.id, requireCaller(request)),
    );
  };
