import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { PeerEvaluationInput } from "#shared/schemas/peer-evaluation.ts";
import { peerEvaluationQueryOptions } from "./get-peer-evaluation.ts";

/** POST /api/milestones/:id/peer-evaluation: opens it until a close date, or changes the date. */
export const openPeerEvaluation = (milestoneId: number, body: PeerEvaluationInput) =>
  answerOf(api.POST("/api/milestones/{id}/peer-evaluation", { params: { path: { id: milestoneId } }, body }));
export function useOpenPeerEvaluation(milestoneId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PeerEvaluationInput) => openPeerEvaluation(milestoneId, body),
    onSuccess: (view) => queryClient.setQueryData(peerEvaluationQueryOptions(milestoneId).queryKey, view),
  });
}
