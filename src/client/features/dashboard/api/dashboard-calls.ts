import { queryOptions, useQuery } from "@tanstack/react-query";
import { templateKeys } from "#client/api/templates/template-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";
import { STATS_REFRESH_MS } from "#shared/constants.ts";

// The dashboard's reads: its figures (every 30 s, spec A §9), the newest contributions, the
// latest project (for the wizard card) and two featured templates.
export const dashboardKeys = {
  all: ["dashboard"] as const,
  stats: (facultyId: number) => [...dashboardKeys.all, "stats", facultyId] as const,
  recentContributions: () => [...dashboardKeys.all, "recent-contributions"] as const,
};

/** GET /api/dashboard/stats/:facultyId */
export const getDashboardStats = (facultyId: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/dashboard/stats/{facultyId}", { params: { path: { facultyId } }, signal }));
export const getDashboardStatsQueryOptions = (facultyId: number) =>
  queryOptions({
    queryKey: dashboardKeys.stats(facultyId),
    queryFn: ({ signal }) => getDashboardStats(facultyId, signal),
    refetchInterval: STATS_REFRESH_MS,
  });
// Queries never go stale on their own (spec A §7); the dashboard reads afresh on every visit.
export const useDashboardStats = (facultyId: number) =>
  useQuery({ ...getDashboardStatsQueryOptions(facultyId), refetchOnMount: "always" });

/** GET /api/dashboard/recent-contributions: the two newest. */
export const getRecentContributions = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/dashboard/recent-contributions", { params: { query: { limit: 2 } }, signal }));
export const recentContributionsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.recentContributions(),
    queryFn: ({ signal }) => getRecentContributions(signal),
  });
export const useRecentContributions = () =>
  useQuery({ ...recentContributionsQueryOptions(), refetchOnMount: "always" });

const FEATURED = { featuredOnly: true, limit: 2 } as const;

/** GET /api/templates/search: two featured templates. */
export const getFeaturedTemplates = (signal?: AbortSignal) =>
  answerOf(
    api.GET("/api/templates/search", { params: { query: { featuredOnly: "true", limit: 2 } }, signal }),
  );
export const featuredTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: templateKeys.search(FEATURED),
    queryFn: ({ signal }) => getFeaturedTemplates(signal),
  });
export const useFeaturedTemplates = () => useQuery(featuredTemplatesQueryOptions());
