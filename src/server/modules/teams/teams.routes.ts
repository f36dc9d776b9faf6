import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { projectIdParamsSchema } from "#shared/schemas/projects.ts";
import { fileResponse, noContent } from "#shared/schemas/responses.ts";
import {
  studentTeamSchema,
  teamFormInputSchema,
  teamIdParamsSchema,
  teamMoveInputSchema,
  teamPublishInputSchema,
  teamsViewSchema,
  teamUpdateInputSchema,
} from "#shared/schemas/teams.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendAttachment } from "../../lib/attachment.ts";
import type { TeamsService } from "./teams.service.ts";

/**
 * A project's teams: its owner forms, edits, locks, publishes and exports them (another
 * instructor's project or team answers 404, students 403); an enrolled student reads their own
 * team once published (students only).
 */
export const teamsRoutes =
  (service: TeamsService): FastifyPluginAsyncZod =>
  async (app) => {
    const owner = { config: { access: access.owner() } };
    const params = projectIdParamsSchema;
    const view = { 200: teamsViewSchema };

    app.get("/api/projects/:id/teams", { ...owner, schema: { params, response: view } }, async (request) =>
      service.view(request.params.id, requireCaller(request)),
    );

    app.post(
      "/api/projects/:id/teams/form",
      { ...owner, schema: { params, body: teamFormInputSchema, response: view } },
      async (request) => service.form(request.params.id, request.body, requireCaller(request)),
    );

    app.post(
      "/api/projects/:id/teams/move",
      { ...owner, schema: { params, body: teamMoveInputSchema, response: view } },
      async (request) => service.move(request.params.id, request.body, requireCaller(request)),
    );

    app.put(
      "/api/projects/:id/teams/published",
      { ...owner, schema: { params, body: teamPublishInputSchema, response: view } },
      async (request) => service.publish(request.params.id, request.body.published, requireCaller(request)),
    );

    app.delete(
      "/api/projects/:id/teams",
      { ...owner, schema: { params, response: { 204: noContent } } },
      async (request, reply) => {
        await service.remove(request.params.id, requireCaller(request));
        return reply.code(204).send();
      },
    );

    app.get(
      "/api/projects/:id/teams.csv",
      {
        ...owner,
        schema: {
          params,
          response: { 200: fileResponse("One row per student: team and name", ["text/csv"]) },
        },
      },
      async (request, reply) => {
        const { csv, title } = await service.csv(request.params.id, requireCaller(request));
        return sendAttachment(reply, {
          fileName: `${title} teams.csv`,
          contentType: "text/csv; charset=utf-8",
          body: Buffer.from(csv, "utf8"),
        });
      },
    );

    app.put(
      "/api/teams/:id",
      { ...owner, schema: { params: teamIdParamsSchema, body: teamUpdateInputSchema, response: view } },
      async (request) => service.update(request.params.id, request.body, requireCaller(request)),
    );

    app.get(
      "/api/student/projects/:id/team",
      { config: { access: access.student() }, schema: { params, response: { 200: studentTeamSchema } } },
      async (request) => service.forStudent(request.params.id, requireCaller(request)),
    );
  };
