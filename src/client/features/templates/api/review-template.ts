import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { Template } from "#shared/schemas/templates.ts";
import { templateDisciplinesQueryKey } from "./get-template-disciplines.ts";
import { templatesQueryKey } from "./search-templates.ts";

export const approveTemplate = (id: number) => apiRequest<Template>("POST", `/api/templates/${id}/approve`);
export const rejectTemplate = ({ id, reason }: { id: number; reason?: string }) =>
  apiRequest<Template>("POST", `/api/templates/${id}/reject`, { body: reason ? { reason } : {} });

/** spec A §4: after approval or rejection the lists (and the disciplines) are fetched again (the spec reloads the page). */
function useReviewMutation<TInput>(mutationFn: (input: TInput) => Promise<Template>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
        queryClient.invalidateQueries({ queryKey: templateDisciplinesQueryKey }),
      ]),
  });
}

export const useApproveTemplate = () => useReviewMutation(approveTemplate);
export const useRejectTemplate = () => useReviewMutation(rejectTemplate);
