import type { FastifyBaseLogger, FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ltiCodeSchema,
  ltiDeepLinkInputSchema,
  ltiDeepLinkResultSchema,
  ltiExchangeResponseSchema,
  ltiHtmlPageResponse,
  ltiLaunchParams,
  ltiLaunchSummarySchema,
  ltiLinkInputSchema,
  ltiLinkResultSchema,
} from "#shared/schemas/lti.ts";
import { noContent } from "#shared/schemas/responses.ts";
import type { AppConfig } from "../../config.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { type RateLimiter, refuseWhenLimited } from "../../platform/rate-limits/rate-limiter.ts";
import { setSessionCookie } from "../auth/session-cookie.ts";
import type { LtiLaunchService } from "./lti-launch.service.ts";
import { LTI_REFUSALS, LtiRefusal } from "./lti-refusals.ts";
import { sendPlainPage } from "./plain-page.ts";

const FORM_LIMIT = 256 * 1024;
const noNul = (value: string) => !value.includes("\u0000");
const NUL_MESSAGE = "A launch parameter holds a character that is not allowed";
const parameter = z
  .string()
  .max(4000, "A launch parameter is too long")
  .refine(noNul, NUL_MESSAGE)
  .optional();
/** The third-party initiated login's parameters (LTI 1.3 §5.1.1), by query or form. */
const loginParameters = z.looseObject({
  iss: parameter,
  login_hint: parameter,
  target_link_uri: parameter,
  lti_message_hint: parameter,
  client_id: parameter,
  lti_deployment_id: parameter,
});
const launchForm = z.looseObject({
  id_token: z.string().max(64_000, "The id_token is too long").refine(noNul, NUL_MESSAGE).optional(),
  state: parameter,
});
const redirect = noContent.describe("A redirect to the next step of the launch");
const page = ltiHtmlPageResponse("A plain page saying why the launch cannot go on");
const pageResponses = { 400: page, 502: page };

/** The plain page of a refusal (502 when the LMS's keys were out of reach), and its log line. */
function refuse(reply: FastifyReply, log: FastifyBaseLogger, error: unknown) {
  if (!(error instanceof LtiRefusal)) throw error;
  log.warn({ reason: error.reason, detail: error.message }, "LTI launch refused");
  return sendPlainPage(reply, error.reason === "keyset" ? 502 : 400, {
    title: "Pivot & Launch could not open",
    message: LTI_REFUSALS[error.reason],
  });
}

/** The first value of each parameter (a repeated one counts once). */
const firstValues = (query: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(query).map(([name, value]) => [
      name,
      Array.isArray(value) ? String(value[0] ?? "") : value,
    ]),
  ) as Record<string, string | undefined>;

export const ltiLaunchRoutes =
  (deps: {
    launches: LtiLaunchService;
    perAddress: RateLimiter;
    session: AppConfig["session"];
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { launches, perAddress, session } = deps;
    const limited = {
      onRequest: async (request: { ip: string }, reply: { header(k: string, v: string): unknown }) => {
        refuseWhenLimited(await perAddress.hit(`addr:${request.ip}`), reply);
      },
    };

    // Public by design: the LMS sends the browser here; the id_token that follows is what is verified.
    app.get(
      "/lti/login",
      {
        config: { access: access.public() },
        ...limited,
        schema: { querystring: loginParameters, response: { 302: redirect, ...pageResponses } },
      },
      async (request, reply) =>
        launches.login(firstValues(request.query)).then(
          (url) => reply.redirect(url, 302),
          (error: unknown) => refuse(reply, request.log, error),
        ),
    );

    // The LMS's page posts the login, then the id_token, as forms (inside its iframe).
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: FORM_LIMIT },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      const forms = scope.withTypeProvider<ZodTypeProvider>();
      forms.post(
        "/lti/login",
        {
          config: { access: access.public() },
          ...limited,
          bodyLimit: FORM_LIMIT,
          schema: { body: loginParameters, response: { 302: redirect, ...pageResponses } },
        },
        async (request, reply) =>
          launches.login(firstValues(request.body)).then(
            (url) => reply.redirect(url, 302),
            (error: unknown) => refuse(reply, request.log, error),
          ),
      );

      forms.post(
        "/lti/launch",
        {
          config: { access: access.public() },
          ...limited,
          bodyLimit: FORM_LIMIT,
          schema: { body: launchForm, response: { 303: redirect, ...pageResponses } },
        },
        async (request, reply) =>
          launches.launch(firstValues(request.body)).then(
            (url) => reply.redirect(url, 303),
            (error: unknown) => refuse(reply, request.log, error),
          ),
      );
    });

    app.post(
      "/api/lti/exchange",
      {
        config: { access: access.public() },
        ...limited,
        schema: { body: ltiCodeSchema, response: { 200: ltiExchangeResponseSchema } },
      },
      async (request, reply) => {
        const result = await launches.exchange(request.body.code, request.headers["user-agent"]);
        setSessionCookie(request, reply, result.sessionId, session);
        return result;
      },
    );

    app.get(
      "/api/lti/launches/:id",
      {
        config: { access: access.signedIn() },
        schema: { params: ltiLaunchParams, response: { 200: ltiLaunchSummarySchema } },
      },
      async (request) => launches.summary(request.params.id, requireCaller(request)),
    );

    app.post(
      "/api/lti/launches/:id/link",
      {
        config: { access: access.signedIn() },
        schema: { params: ltiLaunchParams, body: ltiLinkInputSchema, response: { 200: ltiLinkResultSchema } },
      },
      async (request) => launches.link(request.params.id, request.body.projectId, requireCaller(request)),
    );

    app.post(
      "/api/lti/launches/:id/deep-link",
      {
        config: { access: access.signedIn() },
        schema: {
          params: ltiLaunchParams,
          body: ltiDeepLinkInputSchema,
          response: { 200: ltiDeepLinkResultSchema },
        },
      },
      async (request) => launches.deepLink(request.params.id, request.body, requireCaller(request)),
    );
  };
