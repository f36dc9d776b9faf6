import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiPage } from "#client/lib/api-client.ts";
import type { ObjectiveConversion } from "#shared/schemas/conversions.ts";

/** Prefix of every conversion read (lists and stats); mutations invalidate it. */
export const conversionsQueryKey = ["/api/objective-conversions/faculty"] as const;

export interface ConversionPageParams {
  q?: string;
  limit: number;
  offset?: number;
}

export const getConversions = (facultyId: number, params: ConversionPageParams, signal?: AbortSignal) =>
  apiPage<ObjectiveConversion>(
    `/api/objective-conversions/faculty/${facultyId}`,
    { limit: params.limit, offset: params.offset ?? 0, q: params.q?.trim() },
    signal,
  );

export const getConversionsQueryOptions = (facultyId: number, params: ConversionPageParams) =>
  queryOptions({
    queryKey: [...conversionsQueryKey, facultyId, params],
    queryFn: ({ signal }) => getConversions(facultyId, params, signal),
    placeholderData: keepPreviousData,
  });

/** spec A §2: history loads only when the user id exists. */
export const useConversions = (facultyId: number | undefined, params: ConversionPageParams) =>
  useQuery({ ...getConversionsQueryOptions(facultyId ?? 0, params), enabled: facultyId !== undefined });
