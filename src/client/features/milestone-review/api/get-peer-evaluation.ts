import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { milestoneReviewKeys } from "./milestone-review-keys.ts";

/** GET /api/milestones/:id/peer-evaluation: the evaluation (null until opened) and every team's figures. */
export const getPeerEvaluation = (milestoneId: number, signal?: AbortSignal) =>
  answerOf(
    api.GET("/api/milestones/{id}/peer-evaluation", { params: { path: { id: milestoneId } }, signal }),
  );
export const peerEvaluationQueryOptions = (milestoneId: number) =>
  queryOptions({
    queryKey: milestoneReviewKeys.peerEvaluation(milestoneId),
    queryFn: ({ signal }) => getPeerEvaluation(milestoneId, signal),
    retry: false,
  });
export const usePeerEvaluation = (milestoneId: number) => useQuery(peerEvaluationQueryOptions(milestoneId));
