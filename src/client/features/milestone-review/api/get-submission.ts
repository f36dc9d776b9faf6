import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { milestoneReviewKeys } from "./milestone-review-keys.ts";

/** GET /api/submissions/:id: one version, the student's versions and its assessment. */
export const getSubmission = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/submissions/{id}", { params: { path: { id } }, signal }));
export const submissionQueryOptions = (milestoneId: number, id: number) =>
  queryOptions({
    queryKey: milestoneReviewKeys.submission(milestoneId, id),
    queryFn: ({ signal }) => getSubmission(id, signal),
    retry: false,
  });
export const useSubmission = (milestoneId: number, id: number) =>
  useQuery(submissionQueryOptions(milestoneId, id));
