import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { loginSchema, registerSchema } from "#shared/schemas/auth.ts";
import { changeEmailSchema, changePasswordSchema } from "#shared/schemas/settings.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { createRateLimitedError, createUnauthenticatedError } from "../../lib/errors.ts";
import type { RateLimiter } from "../../lib/rate-limiter.ts";
import type { AuthService } from "./auth.service.ts";

export const SESSION_COOKIE = "pl_session";

export interface AuthLimiters {
  /** Every sign-in and registration attempt, per client address. */
  perAddress: RateLimiter;
  /** Failed sign-ins, per account e-mail. */
  failedPerAccount: RateLimiter;
}

function limit(
  result: { allowed: boolean; retryAfterSeconds: number },
  reply: { header(k: string, v: string): unknown },
) {
  if (result.allowed) return;
  reply.header("Retry-After", String(result.retryAfterSeconds));
  throw createRateLimitedError();
}

export const authRoutes =
  (auth: AuthService, limiters: AuthLimiters, session: { maxAgeMs: number }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/auth/register",
      {
        config: { access: access.public() },
        // Counted before validation, so malformed floods are limited too.
        onRequest: async (request, reply) => limit(limiters.perAddress.hit(`addr:${request.ip}`), reply),
        schema: { body: registerSchema },
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
        onRequest: async (request, reply) => limit(limiters.perAddress.hit(`addr:${request.ip}`), reply),
        schema: { body: loginSchema },
      },
      async (request, reply) => {
        const accountKey = `acct:${request.body.email}`;
        limit(limiters.failedPerAccount.peek(accountKey), reply);
        try {
          const result = await auth.login(request.body, request.headers["user-agent"]);
          limiters.failedPerAccount.reset(accountKey);
          reply.setCookie(SESSION_COOKIE, result.sessionId, {
            httpOnly: true,
            sameSite: "lax",
            secure: request.protocol === "https",
            path: "/",
            maxAge: Math.floor(session.maxAgeMs / 1000),
          });
          return result;
        } catch (error) {
          limiters.failedPerAccount.hit(accountKey);
          throw error;
        }
      },
    );

    app.get("/api/auth/me", { config: { access: access.signedIn() } }, async (request) =>
      auth.me(requireCaller(request)),
    );

    app.post("/api/auth/logout", { config: { access: access.signedIn() } }, async (request, reply) => {
      if (!request.sessionHash) throw createUnauthenticatedError();
      await auth.logout(request.sessionHash);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return reply.code(204).send();
    });

    /** A wrong password counts as a failed sign-in of the account (the same limit applies). */
    async function withPasswordCheck<T>(
      email: string,
      reply: { header(k: string, v: string): unknown },
      change: () => Promise<T>,
    ): Promise<T> {
      const accountKey = `acct:${email}`;
      limit(limiters.failedPerAccount.peek(accountKey), reply);
      try {
        return await change();
      } catch (error) {
        if ((error as { code?: string }).code === "WRONG_PASSWORD") limiters.failedPerAccount.hit(accountKey);
        throw error;
      }
    }

    app.put(
      "/api/auth/password",
      { config: { access: access.signedIn() }, schema: { body: changePasswordSchema } },
      async (request, reply) => {
        const caller = requireCaller(request);
        const keep = request.sessionHash;
        if (!keep) throw createUnauthenticatedError();
        await withPasswordCheck(caller.email, reply, () => auth.changePassword(caller, keep, request.body));
        return reply.code(204).send();
      },
    );

    app.put(
      "/api/auth/email",
      { config: { access: access.signedIn() }, schema: { body: changeEmailSchema } },
      async (request, reply) => {
        const caller = requireCaller(request);
        return withPasswordCheck(caller.email, reply, () => auth.changeEmail(caller, request.body));
      },
    );
  };
