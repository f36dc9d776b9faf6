import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { AssessmentInput } from "#shared/schemas/submissions.ts";
import { milestoneReviewKeys } from "./milestone-review-keys.ts";

/** PUT /api/submissions/:id/assessment: a draft or the final assessment. */
export const saveAssessment = (submissionId: number, body: AssessmentInput) =>
  answerOf(api.PUT("/api/submissions/{id}/assessment", { params: { path: { id: submissionId } }, body }));
export function useSaveAssessment(milestoneId: number, submissionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssessmentInput) => saveAssessment(submissionId, body),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: milestoneReviewKeys.milestone(milestoneId) }),
  });
}
