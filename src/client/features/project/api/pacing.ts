import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { PacingOptionsInput } from "#shared/schemas/pacing.ts";

// The project screen's pacing: its switches, and the class's launch readiness.

export const pacingKeys = {
  options: (projectId: number) => [...projectKeys.detail(projectId), "pacing"] as const,
  readiness: (projectId: number) => [...projectKeys.detail(projectId), "readiness"] as const,
};

/** GET /api/projects/:id/pacing */
export const pacingOptionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: pacingKeys.options(id),
    queryFn: ({ signal }) =>
      answerOf(api.GET("/api/projects/{id}/pacing", { params: { path: { id } }, signal })),
  });
export const usePacingOptions = (id: number) => useQuery(pacingOptionsQueryOptions(id));

/** GET /api/projects/:id/readiness */
export const readinessQueryOptions = (id: number) =>
  queryOptions({
    queryKey: pacingKeys.readiness(id),
    queryFn: ({ signal }) =>
      answerOf(api.GET("/api/projects/{id}/readiness", { params: { path: { id } }, signal })),
  });
export const useReadiness = (id: number) => useQuery(readinessQueryOptions(id));

/** PATCH /api/projects/:id/pacing: one or more switches; everything the project screen shows of pacing is read again. */
export function useSetPacingOptions(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PacingOptionsInput) =>
      answerOf(api.PATCH("/api/projects/{id}/pacing", { params: { path: { id: projectId } }, body })),
    onSuccess: (options) => {
      queryClient.setQueryData(pacingKeys.options(projectId), options);
      return queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    },
  });
}
