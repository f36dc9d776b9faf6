import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";

/**
 * POST /api/admin/lti/keys/rotate: the tool signs with a new key from now on; the old one stays
 * published at /lti/jwks for 7 days, so platforms that cached it keep verifying.
 */
export const rotateLtiKey = async () => (await answerOf(api.POST("/api/admin/lti/keys/rotate"))).kid;

export function useRotateLtiKey(options: Omit<UseMutationOptions<string, Error, void>, "mutationFn"> = {}) {
  return useMutation({ ...options, mutationFn: rotateLtiKey });
}
