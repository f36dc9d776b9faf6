import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { documentKeys } from "./documents-api.ts";

export const searchStatusKey = [...documentKeys.all, "search-status"] as const;

/** GET /api/search/documents/status: how many of one's documents search reads, and why not the others. */
export const fetchSearchStatus = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/search/documents/status", { signal }));

export const searchStatusQueryOptions = () =>
  queryOptions({ queryKey: searchStatusKey, queryFn: ({ signal }) => fetchSearchStatus(signal) });

/** Asked only when a search found nothing (`enabled`), to say what would help. */
export function useSearchStatus(enabled: boolean) {
  return useQuery({
    ...searchStatusQueryOptions(),
    enabled,
    refetchOnMount: "always",
  });
}
