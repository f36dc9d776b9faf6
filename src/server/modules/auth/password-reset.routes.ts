import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  passwordResetConfirmSchema,
  passwordResetRequestResponseSchema,
  passwordResetRequestSchema,
} from "#shared/schemas/auth.ts";
import { noContent } from "#shared/schemas/responses.ts";
import { access } from "../../lib/access.ts";
import { type RateLimiter, refuseWhenLimited } from "../../platform/rate-limits/rate-limiter.ts";
import type { PasswordResetService } from "./password-reset.service.ts";

export interface PasswordResetLimiters {
  /** Requests and confirmations, per client address. */
  perAddress: RateLimiter;
  /** Requests per e-mail address, whoever asks: no one fills a mailbox with reset links. */
  perAccount: RateLimiter;
}

export const passwordResetRoutes =
  (resets: PasswordResetService, limiters: PasswordResetLimiters): FastifyPluginAsyncZod =>
  async (app) => {
    // Counted before validation, so malformed floods are limited too.
    const perAddress = {
      onRequest: async (request: { ip: string }, reply: { header(k: string, v: string): unknown }) => {
        refuseWhenLimited(await limiters.perAddress.hit(`addr:${request.ip}`), reply);
      },
    };

    app.post(
      "/api/auth/password-reset",
      {
        config: { access: access.public() },
        ...perAddress,
        schema: { body: passwordResetRequestSchema, response: { 202: passwordResetRequestResponseSchema } },
      },
      async (request, reply) => {
        // Counted for any address, with or without an account: the limit tells nothing.
        refuseWhenLimited(await limiters.perAccount.hit(`acct:${request.body.email}`), reply);
        return reply.code(202).send(await resets.request(request.body.email));
      },
    );

    app.post(
      "/api/auth/password-reset/confirm",
      {
        config: { access: access.public() },
        ...perAddress,
        schema: { body: passwordResetConfirmSchema, response: { 204: noContent } },
      },
      async (request, reply) => {
        await resets.confirm(request.body);
        return reply.code(204).send();
      },
    );
  };
