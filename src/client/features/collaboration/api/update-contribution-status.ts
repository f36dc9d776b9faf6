import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { ContributionStatus } from "#shared/schemas/contributions.ts";
import { contributionsQueryKey } from "./get-contributions.ts";

export const updateContributionStatus = ({ id, status }: { id: number; status: ContributionStatus }) =>
  answerOf(api.PUT("/api/contributions/{id}/status", { params: { path: { id } }, body: { status } }));

export function useUpdateContributionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContributionStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contributionsQueryKey }),
  });
}
