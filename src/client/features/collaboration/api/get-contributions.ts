import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api, pageOf } from "#client/lib/api-client.ts";
import type { OwnContributionsQuery } from "#shared/schemas/contributions.ts";

/** Prefix of every contribution read (lists and figures); status changes refresh it (spec A §7). */
export const contributionKeys = {
  all: ["contributions"] as const,
  page: (params: OwnContributionsParams) => [...contributionKeys.all, "page", params] as const,
  summary: (projectId: number | undefined) =>
    [...contributionKeys.all, "summary", projectId ?? "all"] as const,
};
export const contributionsQueryKey = contributionKeys.all;

export type OwnContributionsParams = Partial<Omit<OwnContributionsQuery, "limit">> & { limit: number };

/** GET /api/contributions: a page of the contributions to one's projects, filtered on the server. */
export const getOwnContributions = (params: OwnContributionsParams, signal?: AbortSignal) =>
  pageOf(api.GET("/api/contributions", { params: { query: params }, signal }));

export const ownContributionsQueryOptions = (params: OwnContributionsParams) =>
  queryOptions({
    queryKey: contributionKeys.page(params),
    queryFn: ({ signal }) => getOwnContributions(params, signal),
    placeholderData: keepPreviousData,
  });

/** `params` null: the filters cannot match anything, so nothing is asked. */
export const useOwnContributions = (params: OwnContributionsParams | null) =>
  useQuery({ ...ownContributionsQueryOptions(params ?? { limit: 1 }), enabled: params !== null });

/** GET /api/contributions/summary: Active Students, totals and pending, for one project or all. */
export const getContributionSummary = (projectId: number | undefined, signal?: AbortSignal) =>
  answerOf(api.GET("/api/contributions/summary", { params: { query: { projectId } }, signal }));
export const contributionSummaryQueryOptions = (projectId: number | undefined) =>
  queryOptions({
    queryKey: contributionKeys.summary(projectId),
    queryFn: ({ signal }) => getContributionSummary(projectId, signal),
    placeholderData: keepPreviousData,
  });
export const useContributionSummary = (projectId: number | undefined) =>
  useQuery(contributionSummaryQueryOptions(projectId));
