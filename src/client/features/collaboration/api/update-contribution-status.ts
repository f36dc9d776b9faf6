import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { Contribution, ContributionStatus } from "#shared/schemas/contributions.ts";
import { contributionsQueryKey } from "./get-contributions.ts";

export const updateContributionStatus = ({ id, status }: { id: number; status: ContributionStatus }) =>
  apiRequest<Contribution>("PUT", `/api/contributions/${id}/status`, { body: { status } });

export function useUpdateContributionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContributionStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contributionsQueryKey }),
  });
}
