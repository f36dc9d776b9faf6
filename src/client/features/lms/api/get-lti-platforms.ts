import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";

export const ltiKeys = {
  all: ["lti"] as const,
  platforms: () => [...ltiKeys.all, "platforms"] as const,
};

/**
 * GET /api/admin/lti/platforms (Super Admin): the LMS platforms registered, and the tool's addresses
 * that an LMS's administrator enters on their side.
 */
export const getLtiPlatforms = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/admin/lti/platforms", { signal }));

export const getLtiPlatformsQueryOptions = () =>
  queryOptions({
    queryKey: ltiKeys.platforms(),
    queryFn: ({ signal }) => getLtiPlatforms(signal),
  });

export function useLtiPlatforms() {
  return useQuery(getLtiPlatformsQueryOptions());
}
