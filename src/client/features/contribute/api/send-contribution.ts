import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { ContributionReceipt, PublicContributionInput } from "#shared/schemas/contributions.ts";

/** POST /api/public/contributions/:token: a student's contribution, no account needed. */
export const sendContribution = ({ token, input }: { token: string; input: PublicContributionInput }) =>
  apiRequest<ContributionReceipt>("POST", `/api/public/contributions/${encodeURIComponent(token)}`, {
    body: input,
  });

export function useSendContribution() {
  return useMutation({ mutationFn: sendContribution });
}
