import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ltiJwksSchema,
  ltiKeyRotationSchema,
  ltiPlatformInputSchema,
  ltiPlatformListSchema,
  ltiPlatformParams,
  ltiPlatformSchema,
} from "#shared/schemas/lti.ts";
import { noContent } from "#shared/schemas/responses.ts";
import { access } from "../../lib/access.ts";
import { type LtiPlatformsService, toLtiPlatform, type toolAddresses } from "./lti.service.ts";
import type { ToolKeys } from "./tool-keys.ts";

/** How long a platform may cache the keyset: shorter than a retired key stays in it. */
const JWKS_MAX_AGE_SECONDS = 300;

export const ltiRoutes =
  (deps: {
    keys: ToolKeys;
    platforms: LtiPlatformsService;
    tool: ReturnType<typeof toolAddresses>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { keys, platforms, tool } = deps;
    // Public by design: platforms fetch it to verify what the tool signs.
    app.get(
      "/lti/jwks",
      { config: { access: access.public() }, schema: { response: { 200: ltiJwksSchema } } },
      async (_request, reply) => {
        reply.header("cache-control", `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
        return keys.jwks();
      },
    );

    app.post(
      "/api/admin/lti/keys/rotate",
      { config: { access: access.superAdmin() }, schema: { response: { 200: ltiKeyRotationSchema } } },
      async () => keys.rotate(),
    );

    // Administration → LMS: the platforms registered by hand (super admin).
    app.get(
      "/api/admin/lti/platforms",
      { config: { access: access.superAdmin() }, schema: { response: { 200: ltiPlatformListSchema } } },
      async () => ({
        platforms: (await platforms.list()).map((row) => toLtiPlatform(row, tool)),
        tool,
      }),
    );

    app.post(
      "/api/admin/lti/platforms",
      {
        config: { access: access.superAdmin() },
        schema: { body: ltiPlatformInputSchema, response: { 201: ltiPlatformSchema } },
      },
      async (request, reply) =>
        reply.code(201).send(toLtiPlatform(await platforms.create(request.body), tool)),
    );

    app.put(
      "/api/admin/lti/platforms/:id",
      {
        config: { access: access.superAdmin() },
        schema: {
          params: ltiPlatformParams,
          body: ltiPlatformInputSchema,
          response: { 200: ltiPlatformSchema },
        },
      },
      async (request) => toLtiPlatform(await platforms.update(request.params.id, request.body), tool),
    );

    app.delete(
      "/api/admin/lti/platforms/:id",
      {
        config: { access: access.superAdmin() },
        schema: { params: ltiPlatformParams, response: { 204: noContent } },
      },
      async (request, reply) => {
        await platforms.remove(request.params.id);
        return reply.code(204).send();
      },
    );
  };
