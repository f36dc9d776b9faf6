import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { ContributionLink } from "#shared/schemas/contributions.ts";

/** GET /api/public/contributions/:token: the project's title, without an account. */
export const getContributionLink = (token: string, signal?: AbortSignal) =>
  apiRequest<ContributionLink>("GET", `/api/public/contributions/${encodeURIComponent(token)}`, {
    signal,
  });

export const getContributionLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["/api/public/contributions", token],
    queryFn: ({ signal }) => getContributionLink(token, signal),
  });

export function useContributionLink(token: string) {
  return useQuery(getContributionLinkQueryOptions(token));
}
