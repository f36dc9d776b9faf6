/** Every key of the review page starts with the milestone's: an assessment or a release refreshes them all. */
export const milestoneReviewKeys = {
  milestone: (milestoneId: number) => ["milestone-review", milestoneId] as const,
  submissions: (milestoneId: number, q: string) =>
    [...milestoneReviewKeys.milestone(milestoneId), "submissions", q] as const,
  submission: (milestoneId: number, submissionId: number) =>
    [...milestoneReviewKeys.milestone(milestoneId), "submission", submissionId] as const,
  peerEvaluation: (milestoneId: number) =>
    [...milestoneReviewKeys.milestone(milestoneId), "peer-evaluation"] as const,
};
