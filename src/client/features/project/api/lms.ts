import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { classFiguresKeys } from "#client/api/class-figures/class-figures.ts";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";
import { rosterKeys } from "./joining.ts";

// The project screen's LMS calls: the project's LMS links, roster sync and grades.

export const lmsKeys = {
  links: (projectId: number) => [...projectKeys.detail(projectId), "lti"] as const,
};

/** GET /api/projects/:id/lti */
export const getProjectLms = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/projects/{id}/lti", { params: { path: { id } }, signal }));
export const projectLmsQueryOptions = (id: number) =>
  queryOptions({ queryKey: lmsKeys.links(id), queryFn: ({ signal }) => getProjectLms(id, signal) });
export const useProjectLms = (id: number) => useQuery(projectLmsQueryOptions(id));

/** POST /api/projects/:id/lti/roster-sync: the roster, the class figures and the links change. */
export const syncLmsRoster = (id: number) =>
  answerOf(api.POST("/api/projects/{id}/lti/roster-sync", { params: { path: { id } } }));
export function useSyncLmsRoster(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => syncLmsRoster(id),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: lmsKeys.links(id) });
      void queryClient.invalidateQueries({ queryKey: rosterKeys.roster(id) });
      void queryClient.invalidateQueries({ queryKey: classFiguresKeys.project(id) });
    },
  });
}

/** POST /api/projects/:id/lti/grades: the links' last send and failed scores change. */
export const sendLmsGrades = (id: number) =>
  answerOf(api.POST("/api/projects/{id}/lti/grades", { params: { path: { id } } }));
export function useSendLmsGrades(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendLmsGrades(id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: lmsKeys.links(id) }),
  });
}
