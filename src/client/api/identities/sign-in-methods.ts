import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";

// How the signed-in account signs in: the institution sign-in options it is linked to (both Profile
// screens list them) and whether it has a password (Settings and the student's account deletion ask
// for it only then).

export const signInMethodKeys = { mine: ["sign-in-methods", "mine"] as const };

/** GET /api/auth/identities */
export const getSignInMethods = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/auth/identities", { signal }));

export const getSignInMethodsQueryOptions = () =>
  queryOptions({ queryKey: signInMethodKeys.mine, queryFn: ({ signal }) => getSignInMethods(signal) });

export function useSignInMethods() {
  return useQuery(getSignInMethodsQueryOptions());
}
