import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { conversionKeys } from "./get-conversions.ts";

/** GET /api/objective-conversions/faculty/:facultyId/stats */
export const getConversionStats = (facultyId: number, signal?: AbortSignal) =>
  answerOf(
    api.GET("/api/objective-conversions/faculty/{facultyId}/stats", {
      params: { path: { facultyId } },
      signal,
    }),
  );

export const getConversionStatsQueryOptions = (facultyId: number) =>
  queryOptions({
    queryKey: conversionKeys.stats(facultyId),
    queryFn: ({ signal }) => getConversionStats(facultyId, signal),
  });

export const useConversionStats = (facultyId: number | undefined) =>
  useQuery({ ...getConversionStatsQueryOptions(facultyId ?? 0), enabled: facultyId !== undefined });
