import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ltiJwksSchema, ltiKeyRotationSchema } from "#shared/schemas/lti.ts";
import { access } from "../../lib/access.ts";
import type { ToolKeys } from "./tool-keys.ts";

/** How long a platform may cache the keyset: shorter than a retired key stays in it. */
const JWKS_MAX_AGE_SECONDS = 300;

export const ltiRoutes =
  (keys: ToolKeys): FastifyPluginAsyncZod =>
  async (app) => {
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
  };
