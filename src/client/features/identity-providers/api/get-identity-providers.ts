import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";

export const identityProviderKeys = {
  all: ["identity-providers"] as const,
  list: () => [...identityProviderKeys.all, "list"] as const,
};

/** GET /api/admin/identity-providers: every sign-in option, enabled or not (Super Admin). */
export const getIdentityProviders = async (signal?: AbortSignal) =>
  (await answerOf(api.GET("/api/admin/identity-providers", { signal }))).providers;

export const getIdentityProvidersQueryOptions = () =>
  queryOptions({
    queryKey: identityProviderKeys.list(),
    queryFn: ({ signal }) => getIdentityProviders(signal),
  });

export function useIdentityProviders() {
  return useQuery(getIdentityProvidersQueryOptions());
}
