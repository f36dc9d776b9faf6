import { queryOptions, useQueries } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { Contribution } from "#shared/schemas/contributions.ts";

/** Prefix of every contribution list; status changes refresh it (spec A §7). */
export const contributionsQueryKey = ["/api/contributions"] as const;

export const getProjectContributions = (projectId: number, signal?: AbortSignal) =>
  apiRequest<Contribution[]>("GET", `/api/contributions/project/${projectId}`, { signal });

export const getProjectContributionsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: [...contributionsQueryKey, "project", projectId],
    queryFn: ({ signal }) => getProjectContributions(projectId, signal),
  });

/** spec A §7: fetched once per faculty project and merged. */
export function useContributionsOf(projectIds: number[]) {
  return useQueries({
    queries: projectIds.map(getProjectContributionsQueryOptions),
    combine: (results) => ({
      contributions: results.flatMap((result) => result.data ?? []),
      isPending: results.some((result) => result.isPending),
      isError: results.some((result) => result.isError),
    }),
  });
}
