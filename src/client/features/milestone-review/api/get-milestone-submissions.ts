import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { milestoneReviewKeys } from "./milestone-review-keys.ts";

/** GET /api/milestones/:id/submissions?q=: every enrolled student's line, filtered by the words. */
export const getMilestoneSubmissions = (id: number, q: string, signal?: AbortSignal) =>
  answerOf(
    api.GET("/api/milestones/{id}/submissions", {
      params: { path: { id }, query: q ? { q } : {} },
      signal,
    }),
  );
export const milestoneSubmissionsQueryOptions = (id: number, q: string) =>
  queryOptions({
    queryKey: milestoneReviewKeys.submissions(id, q),
    queryFn: ({ signal }) => getMilestoneSubmissions(id, q, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useMilestoneSubmissions = (id: number, q: string) =>
  useQuery(milestoneSubmissionsQueryOptions(id, q));
