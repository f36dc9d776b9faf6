import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { templateDisciplinesQueryKey } from "./get-template-disciplines.ts";
import { templatesQueryKey } from "./search-templates.ts";

/** POST /api/templates/:id/approve */
export const approveTemplate = (id: number) =>
  answerOf(api.POST("/api/templates/{id}/approve", { params: { path: { id } } }));
/** POST /api/templates/:id/reject, with the reason when one is given. */
export const rejectTemplate = ({ id, reason }: { id: number; reason?: string }) =>
  answerOf(
    api.POST("/api/templates/{id}/reject", { params: { path: { id } }, body: reason ? { reason } : {} }),
  );
type Template = Awaited<ReturnType<typeof approveTemplate>>;

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
