import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { PeerRatingsInput } from "#shared/schemas/peer-evaluation.ts";
import { studentKeys } from "./student-api.ts";

// The student's peer evaluation of a milestone: their form, their ratings and what was released to them.

/** GET /api/student/milestones/:id/peer-evaluation */
export const getStudentPeerEvaluation = (milestoneId: number, signal?: AbortSignal) =>
  answerOf(
    api.GET("/api/student/milestones/{id}/peer-evaluation", {
      params: { path: { id: milestoneId } },
      signal,
    }),
  );
export const studentPeerEvaluationQueryOptions = (milestoneId: number) =>
  queryOptions({
    queryKey: [...studentKeys.all, "peer-evaluation", milestoneId] as const,
    queryFn: ({ signal }) => getStudentPeerEvaluation(milestoneId, signal),
    retry: false,
  });
export const useStudentPeerEvaluation = (milestoneId: number) =>
  useQuery(studentPeerEvaluationQueryOptions(milestoneId));

/** PUT /api/student/milestones/:id/peer-evaluation: every rating, themself first; each replaces the last. */
export const savePeerRatings = (milestoneId: number, body: PeerRatingsInput) =>
  answerOf(
    api.PUT("/api/student/milestones/{id}/peer-evaluation", { params: { path: { id: milestoneId } }, body }),
  );
export function useSavePeerRatings(milestoneId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PeerRatingsInput) => savePeerRatings(milestoneId, body),
    onSuccess: (view) =>
      queryClient.setQueryData(studentPeerEvaluationQueryOptions(milestoneId).queryKey, view),
  });
}
