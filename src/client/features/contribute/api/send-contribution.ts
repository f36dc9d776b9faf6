import { useMutation } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { PublicContributionInput } from "#shared/schemas/contributions.ts";

/** POST /api/public/contributions/:token: a student's contribution, no account needed. */
export const sendContribution = ({ token, input }: { token: string; input: PublicContributionInput }) =>
  answerOf(api.POST("/api/public/contributions/{token}", { params: { path: { token } }, body: input }));

export function useSendContribution() {
  return useMutation({ mutationFn: sendContribution });
}
