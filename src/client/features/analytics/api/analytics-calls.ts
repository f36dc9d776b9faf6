import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api, pageOf } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";
import { ANALYTICS_RECENT_EVENTS, type AnalyticsRange, type EventType } from "#shared/constants.ts";

// Analytics and Insights reads: the summary of a range, and the newest events of a type.

export const analyticsKeys = {
  all: ["analytics"] as const,
  summary: (facultyId: number, range: AnalyticsRange) =>
    [...analyticsKeys.all, "summary", facultyId, range] as const,
  events: (facultyId: number, range: AnalyticsRange, eventType: EventType | "all") =>
    [...analyticsKeys.all, "events", facultyId, { range, eventType }] as const,
  scores: (projectId: number) => [...analyticsKeys.all, "scores", projectId] as const,
};

/** GET /api/analytics/summary/:facultyId */
export const getAnalyticsSummary = (facultyId: number, range: AnalyticsRange, signal?: AbortSignal) =>
  answerOf(
    api.GET("/api/analytics/summary/{facultyId}", {
      params: { path: { facultyId }, query: { range } },
      signal,
    }),
  );
export const analyticsSummaryQueryOptions = (facultyId: number, range: AnalyticsRange) =>
  queryOptions({
    queryKey: analyticsKeys.summary(facultyId, range),
    queryFn: ({ signal }) => getAnalyticsSummary(facultyId, range, signal),
    refetchOnMount: "always",
    placeholderData: keepPreviousData,
  });
export const useAnalyticsSummary = (facultyId: number, range: AnalyticsRange) =>
  useQuery(analyticsSummaryQueryOptions(facultyId, range));

/** GET /api/analytics/faculty/:facultyId: the newest events of a type (or of every type). */
export const getRecentEvents = (
  facultyId: number,
  range: AnalyticsRange,
  eventType: EventType | "all",
  signal?: AbortSignal,
) =>
  pageOf(
    api.GET("/api/analytics/faculty/{facultyId}", {
      params: {
        path: { facultyId },
        query: {
          range,
          eventType: eventType === "all" ? undefined : eventType,
          limit: ANALYTICS_RECENT_EVENTS,
        },
      },
      signal,
    }),
  );
export const recentEventsQueryOptions = (
  facultyId: number,
  range: AnalyticsRange,
  eventType: EventType | "all",
) =>
  queryOptions({
    queryKey: analyticsKeys.events(facultyId, range, eventType),
    queryFn: ({ signal }) => getRecentEvents(facultyId, range, eventType, signal),
    refetchOnMount: "always",
    placeholderData: keepPreviousData,
  });
export const useRecentEvents = (facultyId: number, range: AnalyticsRange, eventType: EventType | "all") =>
  useQuery(recentEventsQueryOptions(facultyId, range, eventType));

/** Export Report: GET /api/analytics/report, saved under the server's file name. */
export async function downloadReport(format: "csv" | "pdf", range: AnalyticsRange): Promise<string> {
  const { response } = await api.GET("/api/analytics/report", {
    params: { query: { format, range } },
    parseAs: "stream",
  });
  const fileName = attachmentFileName(
    response.headers.get("Content-Disposition"),
    `pivot-launch-report-${range}-${new Date().toISOString().slice(0, 10)}.${format}`,
  );
  downloadBlob(await response.blob(), fileName);
  return fileName;
}
