import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ANALYTICS_REPORT_CONTENT_TYPES,
  analyticsEventSchema,
  analyticsQuerySchema,
  analyticsReportQuerySchema,
  analyticsSummaryQuerySchema,
  analyticsSummarySchema,
  createAnalyticsEventSchema,
  describedEventSchema,
} from "#shared/schemas/analytics.ts";
import { idParams } from "#shared/schemas/common.ts";
import { fileResponse } from "#shared/schemas/responses.ts";
import { access, requireCaller } from "../../lib/access.ts";
import { sendAttachment } from "../../lib/attachment.ts";
import { sendPage } from "../../lib/paging.ts";
import type { AnalyticsService } from "./analytics.service.ts";

const reportFile = fileResponse(
  "The analytics report, named pivot-launch-report-{range}-{date}.{csv|pdf} by Content-Disposition",
  Object.values(ANALYTICS_REPORT_CONTENT_TYPES),
);

export const analyticsRoutes =
  (analytics: AnalyticsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/analytics",
      {
        config: { access: access.signedIn() },
        schema: { body: createAnalyticsEventSchema, response: { 201: analyticsEventSchema } },
      },
      async (request, reply) => {
        const caller = requireCaller(request);
        const event = await analytics.record(caller.id, request.body.eventType, request.body.eventData);
        return reply.code(201).send(event);
      },
    );

    /** One's own events (admins too see only their own: the rule is self, not admins). */
    app.get(
      "/api/analytics/faculty/:facultyId",
      {
        config: { access: access.self("facultyId") },
        schema: {
          params: idParams("facultyId", "faculty id"),
          querystring: analyticsQuerySchema,
          response: { 200: z.array(describedEventSchema) },
        },
      },
      async (request, reply) =>
        sendPage(reply, await analytics.list(request.params.facultyId, request.query)),
    );

    app.get(
      "/api/analytics/summary/:facultyId",
      {
        config: { access: access.self("facultyId") },
        schema: {
          params: idParams("facultyId", "faculty id"),
          querystring: analyticsSummaryQuerySchema,
          response: { 200: analyticsSummarySchema },
        },
      },
      async (request) => analytics.summary(request.params.facultyId, request.query.range),
    );

    /** Export Report: the caller's events as CSV, or the report as PDF. */
    app.get(
      "/api/analytics/report",
      {
        config: { access: access.signedIn() },
        schema: { querystring: analyticsReportQuerySchema, response: { 200: reportFile } },
      },
      async (request, reply) =>
        sendAttachment(reply, await analytics.report(requireCaller(request), request.query)),
    );
  };
