import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { TestSignInResult } from "#shared/schemas/identity-providers.ts";

/**
 * POST /api/admin/identity-providers/:id/test: where to send the browser to sign in at the provider;
 * the server brings it back to /admin/sign-in?test=<code> (or ?testError=<reason>).
 */
export const startTestSignIn = async (id: string) =>
  (await answerOf(api.POST("/api/admin/identity-providers/{id}/test", { params: { path: { id } } }))).url;

export function useStartTestSignIn(
  options: Omit<UseMutationOptions<string, Error, string>, "mutationFn"> = {},
) {
  return useMutation({ ...options, mutationFn: startTestSignIn });
}

/** POST /api/admin/identity-providers/test-result: what the test sign-in received, shown once. */
export const getTestSignInResult = (code: string) =>
  answerOf(api.POST("/api/admin/identity-providers/test-result", { body: { code } }));

export function useTestSignInResult(
  options: Omit<UseMutationOptions<TestSignInResult, Error, string>, "mutationFn"> = {},
) {
  return useMutation({ ...options, mutationFn: getTestSignInResult });
}
