import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch, apiPage, apiRequest } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";
import { ANALYTICS_RECENT_EVENTS, type AnalyticsRange, type EventType } from "#shared/constants.ts";
import type { AnalyticsSummary, DescribedEvent } from "#shared/schemas/analytics.ts";

// Analytics and Insights reads: the summary of a range, and the newest events of a type.

export const useAnalyticsSummary = (facultyId: number, range: AnalyticsRange) =>
  useQuery({
    queryKey: ["/api/analytics/summary", facultyId, range],
    queryFn: ({ signal }) =>
      apiRequest<AnalyticsSummary>("GET", `/api/analytics/summary/${facultyId}?range=${range}`, { signal }),
    refetchOnMount: "always",
    placeholderData: keepPreviousData,
  });

export const useRecentEvents = (facultyId: number, range: AnalyticsRange, eventType: EventType | "all") =>
  useQuery({
    queryKey: ["/api/analytics/faculty", facultyId, { range, eventType }],
    queryFn: ({ signal }) =>
      apiPage<DescribedEvent>(
        `/api/analytics/faculty/${facultyId}`,
        { range, eventType: eventType === "all" ? undefined : eventType, limit: ANALYTICS_RECENT_EVENTS },
        signal,
      ),
    refetchOnMount: "always",
    placeholderData: keepPreviousData,
  });

/** Export Report: GET /api/analytics/report, saved under the server's file name. */
export async function downloadReport(format: "csv" | "pdf", range: AnalyticsRange): Promise<string> {
  const response = await apiFetch("GET", `/api/analytics/report?format=${format}&range=${range}`);
  const fileName = attachmentFileName(
    response.headers.get("Content-Disposition"),
    `pivot-launch-report-${range}-${new Date().toISOString().slice(0, 10)}.${format}`,
  );
  downloadBlob(await response.blob(), fileName);
  return fileName;
}
