import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { DocumentSearchStatus } from "#shared/schemas/document-search.ts";
import { documentKeys } from "./documents-api.ts";

export const searchStatusKey = [...documentKeys.all, "search-status"] as const;

/** GET /api/search/documents/status: how many of one's documents search reads, and why not the others. */
export const fetchSearchStatus = (signal?: AbortSignal) =>
  apiRequest<DocumentSearchStatus>("GET", "/api/search/documents/status", { signal });

/** Asked only when a search found nothing (`enabled`), to say what would help. */
export function useSearchStatus(enabled: boolean) {
  return useQuery({
    queryKey: searchStatusKey,
    queryFn: ({ signal }) => fetchSearchStatus(signal),
    enabled,
    refetchOnMount: "always",
  });
}
