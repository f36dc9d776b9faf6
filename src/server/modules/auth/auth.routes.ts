import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  loginResponseSchema,
  loginSchema,
  meResponseSchema,
  registerResponseSchema,
  registerSchema,
} from "#shared/schemas/auth.ts";
import { timeZoneSchema } from "#shared/schemas/notifications.ts";
import { noContent } from "#shared/schemas/responses.ts";
import {
  changeEmailResponseSchema,
  changeEmailSchema,
  changePasswordSchema,
} from "#shared/schemas/settings.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { createUnauthenticatedError } from "../../lib/errors.ts";
import { type RateLimiter, refuseWhenLimited } from "../../platform/rate-limits/rate-limiter.ts";
import type { AuthService } from "./auth.service.ts";
import { SESSION_COOKIE, setSessionCookie } from "./session-cookie.ts";

export interface AuthLimiters {
  /** Every sign-in and registration attempt, per client address. */
  perAddress: RateLimiter;
  /**
   * Failed password checks per account and address pair: someone guessing from one address slows
   * only themselves, and the owner signing in from another address still gets in.
   */
  failedPerAccountAndAddress: RateLimiter;
  /** Failed password checks per address, whatever the account (guessing across accounts). */
  failedPerAddress: RateLimiter;
}

/** The counters a failed password check of `email` from `ip` adds to; all must be under their limit. */
function failureKeys(limiters: AuthLimiters, email: string, ip: string) {
  return [
    { limiter: limiters.failedPerAccountAndAddress, key: `acct:${email}|addr:${ip}` },
    { limiter: limiters.failedPerAddress, key: `addr:${ip}` },
  ];
}

type Counters = ReturnType<typeof failureKeys>;

/** Refuses (429) when any of the counters is already at its limit; counts nothing. */
async function refuseWhenAnyLimited(counters: Counters, reply: { header(k: string, v: string): unknown }) {
  const results = await Promise.all(counters.map(({ limiter, key }) => limiter.peek(key)));
  for (const result of results) refuseWhenLimited(result, reply);
}

/** Counts a failed password check on every counter. */
async function countFailure(counters: Counters) {
  await Promise.all(counters.map(({ limiter, key }) => limiter.hit(key)));
}

export const authRoutes =
  (auth: AuthService, limiters: AuthLimiters, session: { maxAgeMs: number }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/auth/register",
      {
        config: { access: access.public() },
        // Counted before validation, so malformed floods are limited too.
        onRequest: async (request, reply) => {
          refuseWhenLimited(await limiters.perAddress.hit(`addr:${request.ip}`), reply);
        },
        schema: { body: registerSchema, response: { 201: registerResponseSchema } },
      },
      async (request, reply) => {
        const { message } = await auth.register(request.body);
        return reply.code(201).send({ message });
      },
    );

    app.post(
      "/api/auth/login",
      {
        config: { access: access.public() },
        onRequest: async (request, reply) => {
          refuseWhenLimited(await limiters.perAddress.hit(`addr:${request.ip}`), reply);
        },
        schema: { body: loginSchema, response: { 200: loginResponseSchema } },
      },
      async (request, reply) => {
        const counters = failureKeys(limiters, request.body.email, request.ip);
        await refuseWhenAnyLimited(counters, reply);
        try {
          const result = await auth.login(request.body, request.headers["user-agent"]);
          if (counters[0]) await counters[0].limiter.reset(counters[0].key);
          setSessionCookie(request, reply, result.sessionId, session);
          return result;
        } catch (error) {
          await countFailure(counters);
          throw error;
        }
      },
    );

    app.get(
      "/api/auth/me",
      {
        config: { access: access.signedIn({ students: true }) },
        schema: { response: { 200: meResponseSchema } },
      },
      async (request) => auth.me(requireCaller(request)),
    );

    app.post(
      "/api/auth/logout",
      { config: { access: access.signedIn({ students: true }) }, schema: { response: { 204: noContent } } },
      async (request, reply) => {
        if (!request.sessionHash) throw createUnauthenticatedError();
        await auth.logout(request.sessionHash);
        reply.clearCookie(SESSION_COOKIE, { path: "/" });
        return reply.code(204).send();
      },
    );

    /** A wrong password counts as a failed sign-in of the account from that address (the same limits). */
    async function withPasswordCheck<T>(
      request: { ip: string },
      email: string,
      reply: { header(k: string, v: string): unknown },
      change: () => Promise<T>,
    ): Promise<T> {
      const counters = failureKeys(limiters, email, request.ip);
      await refuseWhenAnyLimited(counters, reply);
      try {
        return await change();
      } catch (error) {
        if ((error as { code?: string }).code === "WRONG_PASSWORD") await countFailure(counters);
        throw error;
      }
    }

    app.put(
      "/api/auth/password",
      {
        config: { access: access.signedIn({ students: true }) },
        schema: { body: changePasswordSchema, response: { 204: noContent } },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        const keep = request.sessionHash;
        if (!keep) throw createUnauthenticatedError();
        await withPasswordCheck(request, caller.email, reply, () =>
          auth.changePassword(caller, keep, request.body),
        );
        return reply.code(204).send();
      },
    );

    app.put(
      "/api/auth/time-zone",
      {
        config: { access: access.signedIn({ students: true }) },
        schema: { body: timeZoneSchema, response: { 204: noContent } },
      },
      async (request, reply) => {
        await auth.setTimeZone(requireCaller(request), request.body.timeZone);
        return reply.code(204).send();
      },
    );

    app.put(
      "/api/auth/email",
      {
        config: { access: access.signedIn({ students: true }) },
        schema: { body: changeEmailSchema, response: { 200: changeEmailResponseSchema } },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        const keep = request.sessionHash;
        if (!keep) throw createUnauthenticatedError();
        return withPasswordCheck(request, caller.email, reply, () =>
          auth.changeEmail(caller, keep, request.body),
        );
      },
    );
  };
