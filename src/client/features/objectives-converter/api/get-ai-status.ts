import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { AiStatus } from "#shared/schemas/conversions.ts";

export const aiStatusQueryKey = ["/api/ai/status"] as const;

export const getAiStatusQueryOptions = () =>
  queryOptions({
    queryKey: aiStatusQueryKey,
    queryFn: ({ signal }) => apiRequest<AiStatus>("GET", "/api/ai/status", { signal }),
  });

/** Which key the next conversion will use; refetched on every visit (keys change in Settings). */
export const useAiStatus = () => useQuery({ ...getAiStatusQueryOptions(), refetchOnMount: "always" });
