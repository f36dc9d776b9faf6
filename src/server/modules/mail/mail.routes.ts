import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addressStatusSchema,
  mailListQuerySchema,
  mailMessageSchema,
  mailStatusSchema,
} from "#shared/schemas/mail.ts";
import { noContent } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendPage } from "../../lib/paging.ts";
import type { MailService } from "./mail.service.ts";

export const mailRoutes =
  (service: MailService): FastifyPluginAsyncZod =>
  async (app) => {
    const superAdmin = { access: access.superAdmin() };
    const ownAddress = { access: access.signedIn({ students: true }) };

    app.get(
      "/api/admin/mail",
      {
        config: superAdmin,
        schema: { querystring: mailListQuerySchema, response: { 200: z.array(mailMessageSchema) } },
      },
      async (request, reply) => sendPage(reply, await service.page(request.query)),
    );

    app.get(
      "/api/admin/mail/status",
      { config: superAdmin, schema: { response: { 200: mailStatusSchema } } },
      async () => service.serverStatus(),
    );

    app.get(
      "/api/mail/address-status",
      { config: ownAddress, schema: { response: { 200: addressStatusSchema } } },
      async (request) => service.addressStatus(requireCaller(request)),
    );

    app.delete(
      "/api/mail/address-status",
      { config: ownAddress, schema: { response: { 204: noContent } } },
      async (request, reply) => {
        await service.clearBounce(requireCaller(request));
        return reply.code(204).send();
      },
    );
  };
