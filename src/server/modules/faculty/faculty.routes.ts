import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { facultySchema } from "#shared/schemas/auth.ts";
import {
  createFacultySchema,
  facultyEmailParamsSchema,
  facultyIdParamsSchema,
  updateFacultySchema,
} from "#shared/schemas/faculty.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { FacultyService } from "./faculty.service.ts";

export const facultyRoutes =
  (service: FacultyService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/faculty/:id",
      {
        config: { access: access.self("id", { admins: true, students: true }) },
        schema: { params: facultyIdParamsSchema, response: { 200: facultySchema } },
      },
      async (request) => service.getById(requireCaller(request), request.params.id),
    );

    app.get(
      "/api/faculty/email/:email",
      {
        config: { access: access.selfByEmail("email", { admins: true, students: true }) },
        schema: { params: facultyEmailParamsSchema, response: { 200: facultySchema } },
      },
      async (request) => service.getByEmail(requireCaller(request), request.params.email),
    );

    app.post(
      "/api/faculty",
      {
        config: { access: access.admin() },
        schema: { body: createFacultySchema, response: { 201: facultySchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(requireCaller(request), request.body)),
    );

    app.put(
      "/api/faculty/:id",
      {
        config: { access: access.self("id", { admins: true, students: true }) },
        schema: {
          params: facultyIdParamsSchema,
          body: updateFacultySchema,
          response: { 200: facultySchema },
        },
      },
      async (request) => service.update(requireCaller(request), request.params.id, request.body),
    );
  };
