import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "#client/lib/api-client.ts";
import type { ObjectiveConversion } from "#shared/schemas/conversions.ts";

/** Prefix of every conversion read (lists and stats); mutations invalidate it. */
export const conversionsQueryKey = ["/api/objective-conversions/faculty"] as const;

export interface ConversionPageParams {
  q?: string;
  limit: number;
  offset?: number;
}

export async function getConversions(facultyId: number, params: ConversionPageParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset ?? 0) });
  if (params.q?.trim()) query.set("q", params.q.trim());
  const response = await apiFetch("GET", `/api/objective-conversions/faculty/${facultyId}?${query}`, {
    signal,
  });
  const items = (await response.json()) as ObjectiveConversion[];
  return { items, total: Number(response.headers.get("X-Total-Count") ?? items.length) };
}

export const getConversionsQueryOptions = (facultyId: number, params: ConversionPageParams) =>
  queryOptions({
    queryKey: [...conversionsQueryKey, facultyId, params],
    queryFn: ({ signal }) => getConversions(facultyId, params, signal),
    placeholderData: keepPreviousData,
  });

/** spec A §2: history loads only when the user id exists. */
export const useConversions = (facultyId: number | undefined, params: ConversionPageParams) =>
  useQuery({ ...getConversionsQueryOptions(facultyId ?? 0, params), enabled: facultyId !== undefined });
