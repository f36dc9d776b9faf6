import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";

export const contributionLinkKeys = {
  link: (token: string) => ["contribution-link", token] as const,
};

/** GET /api/public/contributions/:token: the project's title, without an account. */
export const getContributionLink = (token: string, signal?: AbortSignal) =>
  answerOf(api.GET("/api/public/contributions/{token}", { params: { path: { token } }, signal }));

export const getContributionLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: contributionLinkKeys.link(token),
    queryFn: ({ signal }) => getContributionLink(token, signal),
  });

export function useContributionLink(token: string) {
  return useQuery(getContributionLinkQueryOptions(token));
}
