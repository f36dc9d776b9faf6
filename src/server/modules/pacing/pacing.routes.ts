import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  pacingOptionsInputSchema,
  pacingOptionsSchema,
  readinessSchema,
  studentReadinessSchema,
} from "#shared/schemas/pacing.ts";
import { projectIdParamsSchema } from "#shared/schemas/projects.ts";
import { studentDueListSchema } from "#shared/schemas/student.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { LaunchReadinessService } from "./launch-readiness.service.ts";
import type { PacingService } from "./pacing.service.ts";

/**
 * A project's pacing switches and launch readiness: its owner only (another instructor's project
 * 404, students 403); an enrolled student reads their own concepts to strengthen and practises
 * them (students only; a project they are not in 404).
 */
export const pacingRoutes =
  (service: PacingService, readiness: LaunchReadinessService): FastifyPluginAsyncZod =>
  async (app) => {
    const owner = { config: { access: access.owner() } };
    const student = { config: { access: access.student() } };
    const params = projectIdParamsSchema;

    app.get(
      "/api/projects/:id/pacing",
      { ...owner, schema: { params, response: { 200: pacingOptionsSchema } } },
      async (request) => service.options(request.params.id, requireCaller(request)),
    );

    app.patch(
      "/api/projects/:id/pacing",
      {
        ...owner,
        schema: { params, body: pacingOptionsInputSchema, response: { 200: pacingOptionsSchema } },
      },
      async (request) => service.setOptions(request.params.id, request.body, requireCaller(request)),
    );

    app.get(
      "/api/projects/:id/readiness",
      { ...owner, schema: { params, response: { 200: readinessSchema } } },
      async (request) => readiness.forOwner(request.params.id, requireCaller(request)),
    );

    app.get(
      "/api/student/projects/:id/readiness",
      { ...student, schema: { params, response: { 200: studentReadinessSchema } } },
      async (request) => readiness.forStudent(request.params.id, requireCaller(request)),
    );

    app.get(
      "/api/student/projects/:id/strengthen",
      { ...student, schema: { params, response: { 200: studentDueListSchema } } },
      async (request) => readiness.strengthen(request.params.id, requireCaller(request)),
    );
  };
