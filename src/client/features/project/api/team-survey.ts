import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { TeamSurveyInput } from "#shared/schemas/teams.ts";

// The project screen's team survey: the owner switches it on, changes it, sees who answered.

export const teamSurveyKeys = {
  detail: (projectId: number) => [...projectKeys.detail(projectId), "team-survey"] as const,
};

/** GET /api/projects/:id/team-survey: the survey (null when off) and who answered. */
export const getTeamSurvey = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/projects/{id}/team-survey", { params: { path: { id } }, signal }));
export const teamSurveyQueryOptions = (id: number) =>
  queryOptions({ queryKey: teamSurveyKeys.detail(id), queryFn: ({ signal }) => getTeamSurvey(id, signal) });
export const useTeamSurvey = (id: number) => useQuery(teamSurveyQueryOptions(id));

/** POST /api/projects/:id/team-survey: switches it on, or changes it. */
export const saveTeamSurvey = (id: number, body: TeamSurveyInput) =>
  answerOf(api.POST("/api/projects/{id}/team-survey", { params: { path: { id } }, body }));

/** DELETE /api/projects/:id/team-survey: switches it off; the students' answers go with it. */
export const deleteTeamSurvey = (id: number) =>
  answerOf(api.DELETE("/api/projects/{id}/team-survey", { params: { path: { id } } }));

export function useSaveTeamSurvey(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamSurveyInput) => saveTeamSurvey(projectId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamSurveyQueryOptions(projectId).queryKey }),
  });
}

export function useDeleteTeamSurvey(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTeamSurvey(projectId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamSurveyQueryOptions(projectId).queryKey }),
  });
}
