import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ENROLMENT_MESSAGES,
  joinCodeResponseSchema,
  joinedProjectSchema,
  joiningSchema,
  joinProjectSchema,
  removedStudentSchema,
  rosterEntrySchema,
  rosterParamsSchema,
  studentProjectListItemSchema,
  studentProjectSchema,
} from "#shared/schemas/enrolment.ts";
import { projectIdParamsSchema } from "#shared/schemas/projects.ts";
import { noContent } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { type RateLimiter, refuseWhenLimited } from "../../platform/rate-limits/rate-limiter.ts";
import type { EnrolmentService } from "./enrolment.service.ts";

/**
 * Joining a project: the owner's join code, switch and roster with its removed students and their
 * re-admission (owner routes: another instructor's project answers 404, students 403), and the
 * student's own routes (students only: instructors and administrators answer 403; a project the
 * student is not enrolled in answers 404).
 */
export const enrolmentRoutes =
  (service: EnrolmentService, limiter: RateLimiter): FastifyPluginAsyncZod =>
  async (app) => {
    const params = projectIdParamsSchema;
    const owner = { config: { access: access.owner() } };
    const student = { config: { access: access.student() } };

    app.get(
      "/api/projects/:id/join-code",
      { ...owner, schema: { params, response: { 200: joinCodeResponseSchema } } },
      async (request) => service.joining(request.params.id, requireCaller(request)),
    );

    app.post(
      "/api/projects/:id/join-code",
      { ...owner, schema: { params, response: { 200: joinCodeResponseSchema } } },
      async (request) => service.regenerateCode(request.params.id, requireCaller(request)),
    );

    app.put(
      "/api/projects/:id/joining",
      { ...owner, schema: { params, body: joiningSchema, response: { 200: joinCodeResponseSchema } } },
      async (request) => service.setJoining(request.params.id, request.body.open, requireCaller(request)),
    );

    app.get(
      "/api/projects/:id/roster",
      { ...owner, schema: { params, response: { 200: z.array(rosterEntrySchema) } } },
      async (request) => service.roster(request.params.id, requireCaller(request)),
    );

    app.delete(
      "/api/projects/:id/roster/:studentId",
      { ...owner, schema: { params: rosterParamsSchema, response: { 204: noContent } } },
      async (request, reply) => {
        await service.removeFromRoster(request.params.id, request.params.studentId, requireCaller(request));
        return reply.code(204).send();
      },
    );

    app.get(
      "/api/projects/:id/roster/removed",
      { ...owner, schema: { params, response: { 200: z.array(removedStudentSchema) } } },
      async (request) => service.removedStudents(request.params.id, requireCaller(request)),
    );

    app.post(
      "/api/projects/:id/roster/:studentId/readmit",
      { ...owner, schema: { params: rosterParamsSchema, response: { 200: rosterEntrySchema } } },
      async (request) => service.readmit(request.params.id, request.params.studentId, requireCaller(request)),
    );

    app.post(
      "/api/student/join",
      {
        ...student,
        // Counted before validation, like contributions: guessing codes is limited per address.
        onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
          refuseWhenLimited(await limiter.hit(`join:${request.ip}`), reply, ENROLMENT_MESSAGES.rateLimited);
        },
        schema: { body: joinProjectSchema, response: { 200: joinedProjectSchema } },
      },
      async (request) => service.join(request.body.code, requireCaller(request)),
    );

    app.get(
      "/api/student/projects",
      { ...student, schema: { response: { 200: z.array(studentProjectListItemSchema) } } },
      async (request) => service.projects(requireCaller(request)),
    );

    app.get(
      "/api/student/projects/:id",
      { ...student, schema: { params, response: { 200: studentProjectSchema } } },
      async (request) => service.project(request.params.id, requireCaller(request)),
    );
  };
