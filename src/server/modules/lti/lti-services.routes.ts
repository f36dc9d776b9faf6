import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ltiGradeSendSchema, ltiProjectLinksSchema, ltiRosterSyncSchema } from "#shared/schemas/lti.ts";
import { projectIdParamsSchema } from "#shared/schemas/projects.ts";
import { access, requireCaller } from "../../lib/access.ts";
import type { LtiServicesService } from "./lti-services.service.ts";

/**
 * A project's LMS courses (owner routes: another instructor's project answers 404, students 403):
 * the links, roster sync (NRPS) and grades (AGS).
 */
export const ltiServicesRoutes =
  (service: LtiServicesService): FastifyPluginAsyncZod =>
  async (app) => {
    const params = projectIdParamsSchema;
    const owner = { config: { access: access.owner() } };

    app.get(
      "/api/projects/:id/lti",
      { ...owner, schema: { params, response: { 200: ltiProjectLinksSchema } } },
      async (request) => ({ links: await service.links(request.params.id, requireCaller(request)) }),
    );

    app.post(
      "/api/projects/:id/lti/roster-sync",
      { ...owner, schema: { params, response: { 200: ltiRosterSyncSchema } } },
      async (request) => service.syncRoster(request.params.id, requireCaller(request)),
    );

    app.post(
      "/api/projects/:id/lti/grades",
      { ...owner, schema: { params, response: { 200: ltiGradeSendSchema } } },
      async (request) => service.sendGrades(request.params.id, requireCaller(request)),
    );
  };
