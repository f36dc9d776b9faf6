import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  calendarFeedSchema,
  calendarTokenParamsSchema,
  dueMilestoneListSchema,
  milestoneIdParamsSchema,
  milestoneInputSchema,
  milestoneListSchema,
  milestoneSchema,
  milestoneSuggestionsSchema,
  studentMilestoneListSchema,
} from "#shared/schemas/milestones.ts";
import { projectIdParamsSchema } from "#shared/schemas/projects.ts";
import { fileResponse, noContent } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { CalendarService } from "./calendar.service.ts";
import type { MilestonesService } from "./milestones.service.ts";

const icsFile = fileResponse("The project's milestones as an iCalendar feed", ["text/calendar"]);

/**
 * A project's milestones: the owner manages them (another instructor's project answers 404,
 * students 403); an enrolled student reads them and what is due across their projects (students
 * only); the calendar address is the owner's or an enrolled student's, its feed public by its token.
 */
export const milestonesRoutes =
  (service: MilestonesService, calendar: CalendarService): FastifyPluginAsyncZod =>
  async (app) => {
    const owner = { config: { access: access.owner() } };
    const student = { config: { access: access.student() } };
    const params = projectIdParamsSchema;

    app.get(
      "/api/projects/:id/milestones",
      { ...owner, schema: { params, response: { 200: milestoneListSchema } } },
      async (request) => ({ milestones: await service.list(request.params.id, requireCaller(request)) }),
    );

    app.post(
      "/api/projects/:id/milestones",
      { ...owner, schema: { params, body: milestoneInputSchema, response: { 201: milestoneSchema } } },
      async (request, reply) =>
        reply.code(201).send(await service.create(request.params.id, request.body, requireCaller(request))),
    );

    app.post(
      "/api/projects/:id/milestones/suggest",
      { ...owner, schema: { params, response: { 200: milestoneSuggestionsSchema } } },
      async (request) => ({ milestones: await service.suggest(request.params.id, requireCaller(request)) }),
    );

    app.put(
      "/api/milestones/:id",
      {
        ...owner,
        schema: {
          params: milestoneIdParamsSchema,
          body: milestoneInputSchema,
          response: { 200: milestoneSchema },
        },
      },
      async (request) => service.update(request.params.id, request.body, requireCaller(request)),
    );

    app.delete(
      "/api/milestones/:id",
      { ...owner, schema: { params: milestoneIdParamsSchema, response: { 204: noContent } } },
      async (request, reply) => {
        await service.delete(request.params.id, requireCaller(request));
        return reply.code(204).send();
      },
    );

    app.get(
      "/api/student/projects/:id/milestones",
      { ...student, schema: { params, response: { 200: studentMilestoneListSchema } } },
      async (request) => ({
        milestones: await service.forStudent(request.params.id, requireCaller(request)),
      }),
    );

    app.get(
      "/api/student/milestones/due",
      { ...student, schema: { response: { 200: dueMilestoneListSchema } } },
      async (request) => ({ milestones: await service.dueForStudent(requireCaller(request)) }),
    );

    const feedAccess = { config: { access: access.owner({ students: true }) } };
    app.get(
      "/api/projects/:id/calendar-feed",
      { ...feedAccess, schema: { params, response: { 200: calendarFeedSchema } } },
      async (request) => calendar.feed(request.params.id, requireCaller(request)),
    );
    app.post(
      "/api/projects/:id/calendar-feed",
      { ...feedAccess, schema: { params, response: { 200: calendarFeedSchema } } },
      async (request) => calendar.regenerate(request.params.id, requireCaller(request)),
    );

    app.get(
      "/api/calendar/:token.ics",
      // Public by design: the unguessable token is the credential (calendar apps send no session).
      {
        config: { access: access.public() },
        schema: { params: calendarTokenParamsSchema, response: { 200: icsFile } },
      },
      async (request, reply) =>
        reply
          .type("text/calendar; charset=utf-8")
          .send(Buffer.from(await calendar.ics(request.params.token), "utf8")),
    );
  };
