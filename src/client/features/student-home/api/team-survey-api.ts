import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { TeamSurveyAnswerInput } from "#shared/schemas/teams.ts";
import { studentKeys } from "./student-api.ts";

// The student's team survey on their project page: the questions and their own answer.

export const studentTeamSurveyKeys = {
  project: (id: number) => [...studentKeys.project(id), "team-survey"] as const,
};

/** GET /api/student/projects/:id/team-survey: the survey (null when off) and the student's answer. */
export const getStudentTeamSurvey = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/student/projects/{id}/team-survey", { params: { path: { id } }, signal }));
export const studentTeamSurveyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: studentTeamSurveyKeys.project(id),
    queryFn: ({ signal }) => getStudentTeamSurvey(id, signal),
  });
export const useStudentTeamSurvey = (id: number) => useQuery(studentTeamSurveyQueryOptions(id));

/** PUT /api/student/projects/:id/team-survey: saves the answer, replacing the last one. */
export const answerTeamSurvey = (id: number, body: TeamSurveyAnswerInput) =>
  answerOf(api.PUT("/api/student/projects/{id}/team-survey", { params: { path: { id } }, body }));

export function useAnswerTeamSurvey(projectId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = studentTeamSurveyQueryOptions(projectId);
  return useMutation({
    mutationFn: (body: TeamSurveyAnswerInput) => answerTeamSurvey(projectId, body),
    onSuccess: (answer) =>
      queryClient.setQueryData(queryKey, (current) => (current ? { ...current, answer } : current)),
  });
}
