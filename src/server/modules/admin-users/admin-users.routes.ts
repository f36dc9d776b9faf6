import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { facultySchema, resetLinkResponseSchema } from "#shared/schemas/auth.ts";
import { adminUsersQuerySchema, changeRoleSchema, facultyIdParamsSchema } from "#shared/schemas/faculty.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendPage } from "../../lib/paging.ts";
import type { AdminUsersService } from "./admin-users.service.ts";

export const adminUsersRoutes =
  (service: AdminUsersService): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = { access: access.admin() };
    const adminOfAccount = { access: access.admin({ account: "id" }) };

    app.get(
      "/api/admin/users",
      {
        config: admin,
        schema: { querystring: adminUsersQuerySchema, response: { 200: z.array(facultySchema) } },
      },
      async (request, reply) => sendPage(reply, await service.page(requireCaller(request), request.query)),
    );

    app.post(
      "/api/admin/users/:id/approve",
      { config: adminOfAccount, schema: { params: facultyIdParamsSchema, response: { 200: facultySchema } } },
      async (request) => service.approve(requireCaller(request), request.params.id),
    );

    app.post(
      "/api/admin/users/:id/reject",
      { config: adminOfAccount, schema: { params: facultyIdParamsSchema, response: { 200: facultySchema } } },
      async (request) => service.reject(requireCaller(request), request.params.id),
    );

    app.post(
      "/api/admin/users/:id/password-reset",
      {
        config: adminOfAccount,
        schema: { params: facultyIdParamsSchema, response: { 201: resetLinkResponseSchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.makeResetLink(requireCaller(request), request.params.id)),
    );

    app.put(
      "/api/admin/users/:id/role",
      {
        config: adminOfAccount,
        schema: { params: facultyIdParamsSchema, body: changeRoleSchema, response: { 200: facultySchema } },
      },
      async (request) => service.changeRole(requireCaller(request), request.params.id, request.body),
    );
  };
