import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, pageOf } from "#client/lib/api-client.ts";

/** Every key of one's conversions (lists and stats) starts with `all`; mutations invalidate it. */
export const conversionKeys = {
  all: ["objective-conversions"] as const,
  page: (facultyId: number, params: ConversionPageParams) =>
    [...conversionKeys.all, facultyId, params] as const,
  stats: (facultyId: number) => [...conversionKeys.all, facultyId, "stats"] as const,
};

/** Prefix of every conversion read (lists and stats); mutations invalidate it. */
export const conversionsQueryKey = conversionKeys.all;

export interface ConversionPageParams {
  q?: string;
  limit: number;
  offset?: number;
}

/** GET /api/objective-conversions/faculty/:facultyId: a page of one's conversions, newest first. */
export const getConversions = (facultyId: number, params: ConversionPageParams, signal?: AbortSignal) =>
  pageOf(
    api.GET("/api/objective-conversions/faculty/{facultyId}", {
      params: {
        path: { facultyId },
        query: { limit: params.limit, offset: params.offset ?? 0, q: params.q?.trim() || undefined },
      },
      signal,
    }),
  );

export const getConversionsQueryOptions = (facultyId: number, params: ConversionPageParams) =>
  queryOptions({
    queryKey: conversionKeys.page(facultyId, params),
    queryFn: ({ signal }) => getConversions(facultyId, params, signal),
    placeholderData: keepPreviousData,
  });

/** spec A §2: history loads only when the user id exists. */
export const useConversions = (facultyId: number | undefined, params: ConversionPageParams) =>
  useQuery({ ...getConversionsQueryOptions(facultyId ?? 0, params), enabled: facultyId !== undefined });
