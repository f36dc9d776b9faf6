import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  configureIntegrationSchema,
  connectIntegrationSchema,
  connectionIdParamsSchema,
  integrationConnectionSchema,
  integrationsResponseSchema,
} from "#shared/schemas/integrations.ts";
import { noContent } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { IntegrationsService } from "./integrations.service.ts";

/** spec B §7 integration calls, with the permission rules of spec B §6 on the server. */
export const integrationsRoutes =
  (service: IntegrationsService): FastifyPluginAsyncZod =>
  async (app) => {
    const params = connectionIdParamsSchema;

    app.get(
      "/api/integrations",
      { config: { access: access.signedIn() }, schema: { response: { 200: integrationsResponseSchema } } },
      async (request) => service.list(requireCaller(request)),
    );

    app.post(
      "/api/integrations/connect",
      {
        config: { access: access.signedIn() },
        schema: { body: connectIntegrationSchema, response: { 201: integrationConnectionSchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.connect(request.body, requireCaller(request))),
    );

    app.put(
      "/api/integrations/:connectionId/configure",
      {
        config: { access: access.owner() },
        schema: { params, body: configureIntegrationSchema, response: { 200: integrationConnectionSchema } },
      },
      async (request) => service.configure(request.params.connectionId, request.body, requireCaller(request)),
    );

    app.delete(
      "/api/integrations/:connectionId",
      { config: { access: access.owner() }, schema: { params, response: { 204: noContent } } },
      async (request, reply) => {
        await service.disconnect(request.params.connectionId, requireCaller(request));
        return reply.code(204).send();
      },
    );
  };
