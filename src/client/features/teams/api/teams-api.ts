import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { attachmentFileName, downloadBlob } from "#client/lib/download.ts";
import type { TeamFormInput, TeamMoveInput, TeamsView, TeamUpdateInput } from "#shared/schemas/teams.ts";

export const teamsKeys = { project: (projectId: number) => ["teams", projectId] as const };

/** GET /api/projects/:id/teams: the teams as they stand, scored, and who is in none. */
export const teamsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: teamsKeys.project(projectId),
    queryFn: ({ signal }) =>
      answerOf(api.GET("/api/projects/{id}/teams", { params: { path: { id: projectId } }, signal })),
    retry: false,
  });
export const useTeams = (projectId: number) => useQuery(teamsQueryOptions(projectId));

/** Every change answers the whole view: it replaces the cached one. */
function useTeamsChange<Input>(projectId: number, call: (input: Input) => Promise<TeamsView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (view) => queryClient.setQueryData(teamsKeys.project(projectId), view),
  });
}

const path = (projectId: number) => ({ params: { path: { id: projectId } } });

/** POST /api/projects/:id/teams/form */
export const useFormTeams = (projectId: number) =>
  useTeamsChange(projectId, (body: TeamFormInput) =>
    answerOf(api.POST("/api/projects/{id}/teams/form", { ...path(projectId), body })),
  );

/** POST /api/projects/:id/teams/move */
export const useMoveStudent = (projectId: number) =>
  useTeamsChange(projectId, (body: TeamMoveInput) =>
    answerOf(api.POST("/api/projects/{id}/teams/move", { ...path(projectId), body })),
  );

/** PUT /api/teams/:id: rename, lock or unlock. */
export const useUpdateTeam = (projectId: number) =>
  useTeamsChange(projectId, ({ id, ...body }: TeamUpdateInput & { id: number }) =>
    answerOf(api.PUT("/api/teams/{id}", { params: { path: { id } }, body })),
  );

/** PUT /api/projects/:id/teams/published */
export const usePublishTeams = (projectId: number) =>
  useTeamsChange(projectId, (published: boolean) =>
    answerOf(api.PUT("/api/projects/{id}/teams/published", { ...path(projectId), body: { published } })),
  );

/** DELETE /api/projects/:id/teams: every team goes, to start over. */
export function useRemoveTeams(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answerOf(api.DELETE("/api/projects/{id}/teams", path(projectId))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsKeys.project(projectId) }),
  });
}

/** GET /api/projects/:id/teams.csv, handed over as a download (the bearer token, not a cookie). */
export async function downloadTeamsCsv(projectId: number): Promise<void> {
  const { response } = await api.GET("/api/projects/{id}/teams.csv", {
    ...path(projectId),
    parseAs: "stream",
  });
  downloadBlob(
    await response.blob(),
    attachmentFileName(response.headers.get("Content-Disposition"), `project-${projectId} teams.csv`),
  );
}
export const useDownloadTeamsCsv = () => useMutation({ mutationFn: downloadTeamsCsv });
