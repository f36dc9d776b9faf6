import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { SubmissionInput } from "#shared/schemas/submissions.ts";
import { studentKeys } from "./student-api.ts";

// The student's milestone: reading it with their versions and feedback, handing in work.

export const submissionKeys = {
  milestone: (id: number) => [...studentKeys.all, "milestones", id] as const,
};

/** GET /api/student/milestones/:id */
export const getStudentMilestone = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/student/milestones/{id}", { params: { path: { id } }, signal }));
export const studentMilestoneQueryOptions = (id: number) =>
  queryOptions({
    queryKey: submissionKeys.milestone(id),
    queryFn: ({ signal }) => getStudentMilestone(id, signal),
    retry: false,
  });
export const useStudentMilestone = (id: number) => useQuery(studentMilestoneQueryOptions(id));

/** POST /api/milestones/:id/submissions/upload-url: a signed address for one file of a hand-in. */
export const requestSubmissionUploadUrl = (milestoneId: number, fileName: string) =>
  answerOf(
    api.POST("/api/milestones/{id}/submissions/upload-url", {
      params: { path: { id: milestoneId } },
      body: { fileName },
    }),
  );

/** POST /api/milestones/:id/submissions */
export const handInWork = (milestoneId: number, body: Partial<SubmissionInput>) =>
  answerOf(api.POST("/api/milestones/{id}/submissions", { params: { path: { id: milestoneId } }, body }));
export function useHandInWork(milestoneId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<SubmissionInput>) => handInWork(milestoneId, body),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: studentMilestoneQueryOptions(milestoneId).queryKey }),
  });
}
