import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { milestoneReviewKeys } from "./milestone-review-keys.ts";

/** POST /api/milestones/:id/feedback-release: the final assessments reach the students. */
export const releaseFeedback = (milestoneId: number) =>
  answerOf(api.POST("/api/milestones/{id}/feedback-release", { params: { path: { id: milestoneId } } }));
export function useReleaseFeedback(milestoneId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => releaseFeedback(milestoneId),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: milestoneReviewKeys.milestone(milestoneId) }),
  });
}
