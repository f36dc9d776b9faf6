import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { loginResponseSchema } from "#shared/schemas/auth.ts";
import {
  createIdentityProviderSchema,
  identityProviderListSchema,
  identityProviderParams,
  identityProviderSchema,
  linkedIdentitiesSchema,
  ssoCodeSchema,
  ssoDiscoverQuery,
  ssoProviderParams,
  ssoProvidersSchema,
  testSignInResultSchema,
  testSignInStartSchema,
  updateIdentityProviderSchema,
} from "#shared/schemas/identity-providers.ts";
import { fileResponse, noContent } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { type RateLimiter, refuseWhenLimited } from "../../platform/rate-limits/rate-limiter.ts";
import { setSessionCookie } from "../auth/session-cookie.ts";
import { createNoProviderForDomainError, createProviderNotFoundError } from "./identity-providers.errors.ts";
import type { IdentityProvidersRepository } from "./identity-providers.repository.ts";
import {
  type IdentityProvidersService,
  serviceAddresses,
  toIdentityProvider,
} from "./identity-providers.service.ts";
import { serviceProviderMetadata } from "./saml.ts";
import type { SsoService } from "./sso.service.ts";

const redirect = noContent.describe("A redirect (302) to the next step of the sign-in");
/** The provider's redirect back (RFC 6749 §4.1.2, RFC 9207): other parameters pass through to the checks. */
const callbackParameter = z.string().max(4000, "A callback parameter is too long").optional();
const callbackQuery = z.looseObject({
  code: callbackParameter,
  state: callbackParameter,
  iss: callbackParameter,
  error: callbackParameter,
  error_description: callbackParameter,
});
/** What a browser posts to the assertion consumer service (HTTP-POST binding). */
const acsBody = z.object({
  SAMLResponse: z.string().max(1_000_000, "The SAML response is too large").optional(),
  RelayState: z.string().max(200, "The relay state is too long").optional(),
});
const FORM_LIMIT = 1024 * 1024;

export interface IdentityProviderRoutesDeps {
  admin: IdentityProvidersService;
  sso: SsoService;
  providers: IdentityProvidersRepository;
  /** PUBLIC_URL: where the addresses given to providers point; else the request's own origin. */
  publicUrl: string | undefined;
  /** Every step of a sign-in a browser drives, per client address. */
  perAddress: RateLimiter;
  session: { maxAgeMs: number };
}

export const identityProviderRoutes =
  ({
    admin,
    sso,
    providers,
    publicUrl,
    perAddress,
    session,
  }: IdentityProviderRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const baseOf = (request: { protocol: string; host: string }) =>
      publicUrl ?? `${request.protocol}://${request.host}`;
    const limited = {
      onRequest: async (request: { ip: string }, reply: { header(k: string, v: string): unknown }) => {
        refuseWhenLimited(await perAddress.hit(`addr:${request.ip}`), reply);
      },
    };

    // Administration → Sign-in: the super admin's providers.
    app.get(
      "/api/admin/identity-providers",
      { config: { access: access.superAdmin() }, schema: { response: { 200: identityProviderListSchema } } },
      async (request) => ({
        providers: (await admin.list()).map((row) => toIdentityProvider(row, baseOf(request))),
      }),
    );

    app.post(
      "/api/admin/identity-providers",
      {
        config: { access: access.superAdmin() },
        schema: { body: createIdentityProviderSchema, response: { 201: identityProviderSchema } },
      },
      async (request, reply) =>
        reply.code(201).send(toIdentityProvider(await admin.create(request.body), baseOf(request))),
    );

    app.put(
      "/api/admin/identity-providers/:id",
      {
        config: { access: access.superAdmin() },
        schema: {
          params: identityProviderParams,
          body: updateIdentityProviderSchema,
          response: { 200: identityProviderSchema },
        },
      },
      async (request) =>
        toIdentityProvider(await admin.update(request.params.id, request.body), baseOf(request)),
    );

    app.delete(
      "/api/admin/identity-providers/:id",
      {
        config: { access: access.superAdmin() },
        schema: { params: identityProviderParams, response: { 204: noContent } },
      },
      async (request, reply) => {
        await admin.remove(request.params.id);
        return reply.code(204).send();
      },
    );

    /** Test sign-in: starts a flow that shows the claims received and creates nothing. */
    app.post(
      "/api/admin/identity-providers/:id/test",
      {
        config: { access: access.superAdmin() },
        schema: { params: identityProviderParams, response: { 200: testSignInStartSchema } },
      },
      async (request) => {
        if (!(await providers.find(request.params.id))) throw createProviderNotFoundError();
        return { url: await sso.start(request.params.id, baseOf(request), "test") };
      },
    );

    app.post(
      "/api/admin/identity-providers/test-result",
      {
        config: { access: access.superAdmin() },
        schema: { body: ssoCodeSchema, response: { 200: testSignInResultSchema } },
      },
      async (request) => sso.testResult(request.body.code),
    );

    // The sign-in screen and the flow the browser drives.
    app.get(
      "/api/auth/sso/providers",
      { config: { access: access.public() }, schema: { response: { 200: ssoProvidersSchema } } },
      async () => ({ providers: await sso.choices() }),
    );

    app.get(
      "/api/auth/sso/discover",
      {
        config: { access: access.public() },
        ...limited,
        schema: {
          querystring: ssoDiscoverQuery,
          response: { 200: z.object({ providerId: z.string(), displayName: z.string() }) },
        },
      },
      async (request) => {
        const choice = await sso.discover(request.query.email);
        if (!choice) throw createNoProviderForDomainError();
        return choice;
      },
    );

    app.get(
      "/api/auth/sso/:providerId/start",
      {
        config: { access: access.public() },
        ...limited,
        schema: { params: ssoProviderParams, response: { 302: redirect } },
      },
      async (request, reply) =>
        reply.redirect(await sso.start(request.params.providerId, baseOf(request), "sign-in"), 302),
    );

    app.get(
      "/api/auth/sso/:providerId/callback",
      {
        config: { access: access.public() },
        ...limited,
        schema: { params: ssoProviderParams, querystring: callbackQuery, response: { 302: redirect } },
      },
      async (request, reply) => {
        const query = Object.fromEntries(
          Object.entries(request.query).map(([name, value]) => [
            name,
            Array.isArray(value) ? (value[0] ?? "") : value,
          ]),
        );
        return reply.redirect(await sso.finishOidc(request.params.providerId, query), 302);
      },
    );

    // The identity provider's page posts the response as a form (HTTP-POST binding).
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: FORM_LIMIT },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      scope.withTypeProvider<import("fastify-type-provider-zod").ZodTypeProvider>().post(
        "/api/auth/sso/:providerId/acs",
        {
          config: { access: access.public() },
          ...limited,
          bodyLimit: FORM_LIMIT,
          schema: { params: ssoProviderParams, body: acsBody, response: { 302: redirect } },
        },
        async (request, reply) =>
          reply.redirect(await sso.finishSaml(request.params.providerId, request.body), 302),
      );
    });

    app.get(
      "/api/auth/sso/:providerId/metadata",
      {
        config: { access: access.public() },
        schema: {
          params: ssoProviderParams,
          response: {
            200: fileResponse("The service provider's SAML metadata", ["application/samlmetadata+xml"]),
          },
        },
      },
      async (request, reply) => {
        const provider = await providers.find(request.params.providerId).catch(() => undefined);
        if (provider?.settings.kind !== "saml") throw createProviderNotFoundError();
        const { entityId = "", acsUrl = "" } = serviceAddresses(baseOf(request), provider);
        const xml = serviceProviderMetadata(provider.settings, { entityId, acsUrl });
        return reply.type("application/samlmetadata+xml").send(Buffer.from(xml));
      },
    );

    app.post(
      "/api/auth/sso/exchange",
      {
        config: { access: access.public() },
        ...limited,
        schema: { body: ssoCodeSchema, response: { 200: loginResponseSchema } },
      },
      async (request, reply) => {
        const result = await sso.exchange(request.body.code, request.headers["user-agent"]);
        setSessionCookie(request, reply, result.sessionId, session);
        return result;
      },
    );

    app.get(
      "/api/auth/identities",
      {
        config: { access: access.signedIn({ students: true }) },
        schema: { response: { 200: linkedIdentitiesSchema } },
      },
      async (request) => sso.identitiesOf(requireCaller(request).id),
    );
  };
