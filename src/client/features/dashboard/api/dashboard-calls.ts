import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import { STATS_REFRESH_MS } from "#shared/constants.ts";
import type { DashboardStats } from "#shared/schemas/auth.ts";
import type { RecentContribution } from "#shared/schemas/dashboard.ts";
import type { Template } from "#shared/schemas/templates.ts";

// The dashboard's reads: its figures (every 30 s, spec A §9), the newest contributions, the
// latest project (for the wizard card) and two featured templates.
export const getDashboardStatsQueryOptions = (facultyId: number) =>
  queryOptions({
    queryKey: ["/api/dashboard/stats", facultyId],
    queryFn: ({ signal }) =>
      apiRequest<DashboardStats>("GET", `/api/dashboard/stats/${facultyId}`, { signal }),
    refetchInterval: STATS_REFRESH_MS,
  });
// Queries never go stale on their own (spec A §7); the dashboard reads afresh on every visit.
export const useDashboardStats = (facultyId: number) =>
  useQuery({ ...getDashboardStatsQueryOptions(facultyId), refetchOnMount: "always" });

export const useRecentContributions = () =>
  useQuery({
    queryKey: ["/api/dashboard/recent-contributions"],
    refetchOnMount: "always",
    queryFn: ({ signal }) =>
      apiRequest<RecentContribution[]>("GET", "/api/dashboard/recent-contributions?limit=2", { signal }),
  });

export const useFeaturedTemplates = () =>
  useQuery({
    queryKey: ["/api/templates/search", { featuredOnly: true, limit: 2 }],
    queryFn: ({ signal }) =>
      apiRequest<Template[]>("GET", "/api/templates/search?featuredOnly=true&limit=2", { signal }),
  });
