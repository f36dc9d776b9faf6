import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dashboardStatsSchema } from "#shared/schemas/auth.ts";
import { idParams, queryInt } from "#shared/schemas/common.ts";
import { PRESENTATION_CONTENT_TYPE, recentContributionSchema } from "#shared/schemas/dashboard.ts";
import { fileResponse } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendAttachment } from "../../lib/attachment.ts";
import type { DashboardService } from "./dashboard.service.ts";

const presentationFile = fileResponse("The PowerPoint file, named by Content-Disposition", [
  PRESENTATION_CONTENT_TYPE,
]);

export const dashboardRoutes =
  (deps: { dashboard: DashboardService; now: () => Date }): FastifyPluginAsyncZod =>
  async (app) => {
    const { dashboard, now } = deps;

    /** spec A §7: refetched by the dashboard every 30 s. */
    app.get(
      "/api/dashboard/stats/:facultyId",
      {
        config: { access: access.self("facultyId") },
        schema: { params: idParams("facultyId", "faculty id"), response: { 200: dashboardStatsSchema } },
      },
      async (request) => dashboard.statsFor(request.params.facultyId),
    );

    /** The newest contributions to the caller's projects (the dashboard shows two). */
    app.get(
      "/api/dashboard/recent-contributions",
      {
        config: { access: access.signedIn() },
        schema: {
          querystring: z.object({
            limit: queryInt("limit must be a number from 1 to 20", 1, 20).default(2),
          }),
          response: { 200: z.array(recentContributionSchema) },
        },
      },
      async (request) => dashboard.recentContributions(requireCaller(request).id, request.query.limit),
    );

    /** Generate Presentation: opened in a new tab, so the session cookie authorises this GET. */
    app.get(
      "/api/analytics/presentation",
      { config: { access: access.signedIn() }, schema: { response: { 200: presentationFile } } },
      async (request, reply) =>
        sendAttachment(reply, await dashboard.presentation(requireCaller(request).faculty, now())),
    );
  };
