import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { projectIdParamsSchema } from "#shared/schemas/projects.ts";
import { noContent } from "#shared/schemas/responses.ts";
import {
  ownerTeamSurveySchema,
  studentTeamSurveySchema,
  teamSurveyAnswerInputSchema,
  teamSurveyAnswerSchema,
  teamSurveyInputSchema,
  teamSurveySchema,
} from "#shared/schemas/teams.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { TeamSurveyService } from "./team-survey.service.ts";

/**
 * The team survey: its project's owner switches it on, changes and off (another instructor's
 * project answers 404, students 403); an enrolled student reads and answers it (students only).
 */
export const teamSurveyRoutes =
  (service: TeamSurveyService): FastifyPluginAsyncZod =>
  async (app) => {
    const owner = { config: { access: access.owner() } };
    const student = { config: { access: access.student() } };
    const params = projectIdParamsSchema;

    app.get(
      "/api/projects/:id/team-survey",
      { ...owner, schema: { params, response: { 200: ownerTeamSurveySchema } } },
      async (request) => service.forOwner(request.params.id, requireCaller(request)),
    );

    app.post(
      "/api/projects/:id/team-survey",
      { ...owner, schema: { params, body: teamSurveyInputSchema, response: { 200: teamSurveySchema } } },
      async (request) => service.save(request.params.id, request.body, requireCaller(request)),
    );

    app.delete(
      "/api/projects/:id/team-survey",
      { ...owner, schema: { params, response: { 204: noContent } } },
      async (request, reply) => {
        await service.remove(request.params.id, requireCaller(request));
        return reply.code(204).send();
      },
    );

    app.get(
      "/api/student/projects/:id/team-survey",
      { ...student, schema: { params, response: { 200: studentTeamSurveySchema } } },
      async (request) => service.forStudent(request.params.id, requireCaller(request)),
    );

    app.put(
      "/api/student/projects/:id/team-survey",
      {
        ...student,
        schema: { params, body: teamSurveyAnswerInputSchema, response: { 200: teamSurveyAnswerSchema } },
      },
      async (request) => service.answer(request.params.id, request.body, requireCaller(request)),
    );
  };
