import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { peerEvaluationQueryOptions } from "./get-peer-evaluation.ts";

/** POST /api/milestones/:id/peer-evaluation/release: comments (as edited) and factors reach the students. */
export const releasePeerComments = (milestoneId: number) =>
  answerOf(
    api.POST("/api/milestones/{id}/peer-evaluation/release", { params: { path: { id: milestoneId } } }),
  );
export function useReleasePeerComments(milestoneId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => releasePeerComments(milestoneId),
    onSuccess: (view) => queryClient.setQueryData(peerEvaluationQueryOptions(milestoneId).queryKey, view),
  });
}
