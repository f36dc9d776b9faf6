import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { ConversionStats } from "#shared/schemas/conversions.ts";
import { conversionsQueryKey } from "./get-conversions.ts";

export const getConversionStatsQueryOptions = (facultyId: number) =>
  queryOptions({
    queryKey: [...conversionsQueryKey, facultyId, "stats"],
    queryFn: ({ signal }) =>
      apiRequest<ConversionStats>("GET", `/api/objective-conversions/faculty/${facultyId}/stats`, { signal }),
  });

export const useConversionStats = (facultyId: number | undefined) =>
  useQuery({ ...getConversionStatsQueryOptions(facultyId ?? 0), enabled: facultyId !== undefined });
