import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiPage, apiRequest } from "#client/lib/api-client.ts";
import type {
  ContributionSummary,
  OwnContribution,
  OwnContributionsQuery,
} from "#shared/schemas/contributions.ts";

/** Prefix of every contribution read (lists and figures); status changes refresh it (spec A §7). */
export const contributionsQueryKey = ["/api/contributions"] as const;

export type OwnContributionsParams = Partial<Omit<OwnContributionsQuery, "limit">> & { limit: number };

/** GET /api/contributions: a page of the contributions to one's projects, filtered on the server. */
export const getOwnContributions = (params: OwnContributionsParams, signal?: AbortSignal) =>
  apiPage<OwnContribution>("/api/contributions", { ...params }, signal);

export const ownContributionsQueryOptions = (params: OwnContributionsParams) =>
  queryOptions({
    queryKey: [...contributionsQueryKey, "page", params],
    queryFn: ({ signal }) => getOwnContributions(params, signal),
    placeholderData: keepPreviousData,
  });

/** `params` null: the filters cannot match anything, so nothing is asked. */
export const useOwnContributions = (params: OwnContributionsParams | null) =>
  useQuery({ ...ownContributionsQueryOptions(params ?? { limit: 1 }), enabled: params !== null });

/** GET /api/contributions/summary: Active Students, totals and pending, for one project or all. */
export const useContributionSummary = (projectId: number | undefined) =>
  useQuery({
    queryKey: [...contributionsQueryKey, "summary", projectId ?? "all"],
    queryFn: ({ signal }) =>
      apiRequest<ContributionSummary>(
        "GET",
        projectId === undefined
          ? "/api/contributions/summary"
          : `/api/contributions/summary?projectId=${projectId}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
