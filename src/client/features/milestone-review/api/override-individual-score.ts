import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { scoreOverrideInputSchema } from "#shared/schemas/peer-evaluation.ts";
import { peerEvaluationQueryOptions } from "./get-peer-evaluation.ts";

export type ScoreOverrideInput = z.input<typeof scoreOverrideInputSchema>;

const path = (milestoneId: number, studentId: number) => ({
  params: { path: { id: milestoneId, studentId } },
});

/** PUT /api/milestones/:id/peer-evaluation/overrides/:studentId: a score of the owner's, with a reason. */
export const overrideIndividualScore = (milestoneId: number, studentId: number, body: ScoreOverrideInput) =>
  answerOf(
    api.PUT("/api/milestones/{id}/peer-evaluation/overrides/{studentId}", {
      ...path(milestoneId, studentId),
      body,
    }),
  );
/** DELETE …/overrides/:studentId: back to the team's score times the factor. */
export const removeScoreOverride = (milestoneId: number, studentId: number) =>
  answerOf(
    api.DELETE("/api/milestones/{id}/peer-evaluation/overrides/{studentId}", path(milestoneId, studentId)),
  );

/** `input` null removes the override. */
export function useOverrideIndividualScore(milestoneId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, input }: { studentId: number; input: ScoreOverrideInput | null }) =>
      input
        ? overrideIndividualScore(milestoneId, studentId, input)
        : removeScoreOverride(milestoneId, studentId),
    onSuccess: (view) => queryClient.setQueryData(peerEvaluationQueryOptions(milestoneId).queryKey, view),
  });
}
