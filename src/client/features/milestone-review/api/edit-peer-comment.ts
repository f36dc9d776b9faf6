import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { peerCommentEditSchema } from "#shared/schemas/peer-evaluation.ts";
import { peerEvaluationQueryOptions } from "./get-peer-evaluation.ts";

export type PeerCommentEdit = z.input<typeof peerCommentEditSchema>;

/** PUT /api/milestones/:id/peer-evaluation/comment: the owner's wording, which the student reads instead. */
export const editPeerComment = (milestoneId: number, body: PeerCommentEdit) =>
  answerOf(
    api.PUT("/api/milestones/{id}/peer-evaluation/comment", { params: { path: { id: milestoneId } }, body }),
  );
export function useEditPeerComment(milestoneId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PeerCommentEdit) => editPeerComment(milestoneId, body),
    onSuccess: (view) => queryClient.setQueryData(peerEvaluationQueryOptions(milestoneId).queryKey, view),
  });
}
