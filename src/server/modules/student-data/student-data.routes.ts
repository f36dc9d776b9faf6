import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { COGNITIVE_LOAD_MESSAGES } from "#shared/schemas/cognitive-load.ts";
import { CONTRIBUTION_MESSAGES } from "#shared/schemas/contributions.ts";
import { projectIdParamsSchema } from "#shared/schemas/projects.ts";
import { noContent } from "#shared/schemas/responses.ts";
import {
  deleteAccountSchema,
  studentCheckInSchema,
  studentCheckInsQuerySchema,
  studentContributionSchema,
  studentContributionsQuerySchema,
  studentExportSchema,
  studentOwnCheckInSchema,
  studentOwnContributionSchema,
} from "#shared/schemas/student.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { attachment } from "../../lib/attachment.ts";
import { sendPage } from "../../lib/paging.ts";
import { type RateLimiter, refuseWhenLimited } from "../../platform/rate-limits/rate-limiter.ts";
import { SESSION_COOKIE } from "../auth/session-cookie.ts";
import type { StudentDataService } from "./student-data.service.ts";

export interface StudentDataLimiters {
  /** Contributions per student per minute (CONTRIBUTION_RATE_LIMIT_PER_MINUTE, like signed-in ones). */
  contributions: RateLimiter;
  /** Check-ins per student per minute (the same limit as the public check-in's per address). */
  checkIns: RateLimiter;
  /** Wrong passwords when deleting an account, per account and address (as for sign-in). */
  failedPasswords: RateLimiter;
}

/** An onRequest hook, counted before validation (after the session check: the student is known). */
const perStudent =
  (limiter: RateLimiter, prefix: string, message: string) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    refuseWhenLimited(await limiter.hit(`${prefix}:${request.caller?.id ?? request.ip}`), reply, message);
  };

/**
 * The student's own routes (access.student(): students only): contributing
 * and checking in to a project they are enrolled in (404 otherwise), reading their own back,
 * leaving a project, downloading their data and deleting their account.
 */
export const studentDataRoutes =
  (service: StudentDataService, limiters: StudentDataLimiters): FastifyPluginAsyncZod =>
  async (app) => {
    const student = { config: { access: access.student() } };
    const params = projectIdParamsSchema;

    app.post(
      "/api/student/projects/:id/contributions",
      {
        ...student,
        onRequest: perStudent(
          limiters.contributions,
          "student-contribute",
          CONTRIBUTION_MESSAGES.rateLimited,
        ),
        schema: { params, body: studentContributionSchema, response: { 201: studentOwnContributionSchema } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.contribute(request.params.id, request.body, requireCaller(request))),
    );

    app.get(
      "/api/student/contributions",
      {
        ...student,
        schema: {
          querystring: studentContributionsQuerySchema,
          response: { 200: z.array(studentOwnContributionSchema) },
        },
      },
      async (request, reply) =>
        sendPage(reply, await service.contributionsOf(request.query, requireCaller(request))),
    );

    app.post(
      "/api/student/projects/:id/check-ins",
      {
        ...student,
        onRequest: perStudent(limiters.checkIns, "student-check-in", COGNITIVE_LOAD_MESSAGES.rateLimited),
        schema: { params, body: studentCheckInSchema, response: { 201: studentOwnCheckInSchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.checkIn(request.params.id, request.body, requireCaller(request))),
    );

    app.get(
      "/api/student/check-ins",
      {
        ...student,
        schema: {
          querystring: studentCheckInsQuerySchema,
          response: { 200: z.array(studentOwnCheckInSchema) },
        },
      },
      async (request, reply) =>
        sendPage(reply, await service.checkInsOf(request.query, requireCaller(request))),
    );

    app.delete(
      "/api/student/projects/:id",
      { ...student, schema: { params, response: { 204: noContent } } },
      async (request, reply) => {
        await service.leave(request.params.id, requireCaller(request));
        return reply.code(204).send();
      },
    );

    /** Everything the student entered, as a JSON download (sent through its schema like every answer). */
    app.get(
      "/api/student/export",
      { ...student, schema: { response: { 200: studentExportSchema } } },
      async (request, reply) => {
        const body = await service.exportAll(requireCaller(request));
        reply
          .header(
            "Content-Disposition",
            attachment(`pivot-and-launch-my-data-${body.exportedAt.slice(0, 10)}.json`),
          )
          .header("Access-Control-Expose-Headers", "Content-Disposition")
          .header("Cache-Control", "no-store");
        return body;
      },
    );

    app.delete(
      "/api/student/account",
      { ...student, schema: { body: deleteAccountSchema, response: { 204: noContent } } },
      async (request, reply) => {
        const caller = requireCaller(request);
        // A wrong password counts like a failed sign-in of the account from this address.
        const key = `delete:${caller.id}|addr:${request.ip}`;
        refuseWhenLimited(await limiters.failedPasswords.peek(key), reply);
        try {
          await service.deleteAccount(request.body.password, caller);
        } catch (error) {
          if ((error as { code?: string }).code === "WRONG_PASSWORD") await limiters.failedPasswords.hit(key);
          throw error;
        }
        reply.clearCookie(SESSION_COOKIE, { path: "/" });
        return reply.code(204).send();
      },
    );
  };
