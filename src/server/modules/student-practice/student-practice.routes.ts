import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { tzQuerySchema } from "#shared/schemas/pivot-assets.ts";
import {
  studentDueListSchema,
  studentDueQuerySchema,
  studentProgressSchema,
  studentReviewResultSchema,
  studentReviewSchema,
} from "#shared/schemas/student.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { StudentPracticeService } from "./student-practice.service.ts";

/**
 * A student's practice with their own FSRS schedule. Students only (instructors
 * and administrators answer 403); an item or project they are not enrolled in answers 404.
 */
export const studentPracticeRoutes =
  (service: StudentPracticeService): FastifyPluginAsyncZod =>
  async (app) => {
    const student = { config: { access: access.student() } };

    app.get(
      "/api/student/practice/due",
      { ...student, schema: { querystring: studentDueQuerySchema, response: { 200: studentDueListSchema } } },
      async (request) => service.due(requireCaller(request), request.query),
    );

    app.post(
      "/api/student/reviews",
      { ...student, schema: { body: studentReviewSchema, response: { 201: studentReviewResultSchema } } },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.review(requireCaller(request), request.body.itemId, request.body.rating)),
    );

    app.get(
      "/api/student/practice/progress",
      { ...student, schema: { querystring: tzQuerySchema, response: { 200: studentProgressSchema } } },
      async (request) => service.progress(requireCaller(request), request.query.tz),
    );
  };
