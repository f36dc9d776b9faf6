import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";

// The instructor's and the student's Profile both list them.

export const linkedIdentityKeys = { mine: ["linked-identities", "mine"] as const };

/** GET /api/auth/identities: the institution sign-in options the signed-in account is linked to. */
export const getLinkedIdentities = async (signal?: AbortSignal) =>
  (await answerOf(api.GET("/api/auth/identities", { signal }))).identities;

export const getLinkedIdentitiesQueryOptions = () =>
  queryOptions({ queryKey: linkedIdentityKeys.mine, queryFn: ({ signal }) => getLinkedIdentities(signal) });

export function useLinkedIdentities() {
  return useQuery(getLinkedIdentitiesQueryOptions());
}
