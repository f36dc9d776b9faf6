import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { MilestoneInput } from "#shared/schemas/milestones.ts";

// The project screen's milestone calls: the timeline, its changes and the suggestions.

export const milestoneKeys = {
  list: (projectId: number) => [...projectKeys.detail(projectId), "milestones"] as const,
};

/** GET /api/projects/:id/milestones */
export const getMilestones = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/projects/{id}/milestones", { params: { path: { id } }, signal }));
export const milestonesQueryOptions = (id: number) =>
  queryOptions({ queryKey: milestoneKeys.list(id), queryFn: ({ signal }) => getMilestones(id, signal) });
export const useMilestones = (id: number) => useQuery(milestonesQueryOptions(id));

/** POST /api/projects/:id/milestones */
export const createMilestone = (projectId: number, body: MilestoneInput) =>
  answerOf(api.POST("/api/projects/{id}/milestones", { params: { path: { id: projectId } }, body }));

/** PUT /api/milestones/:id */
export const updateMilestone = (id: number, body: MilestoneInput) =>
  answerOf(api.PUT("/api/milestones/{id}", { params: { path: { id } }, body }));

/** DELETE /api/milestones/:id */
export const deleteMilestone = (id: number) =>
  answerOf(api.DELETE("/api/milestones/{id}", { params: { path: { id } } }));

/** POST /api/projects/:id/milestones/suggest: not saved. */
export const suggestMilestones = (projectId: number) =>
  answerOf(api.POST("/api/projects/{id}/milestones/suggest", { params: { path: { id: projectId } } }));

/** Saves one milestone (a new one without `id`), then refreshes the timeline. */
export function useSaveMilestone(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: MilestoneInput }) =>
      id === undefined ? createMilestone(projectId, body) : updateMilestone(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: milestonesQueryOptions(projectId).queryKey }),
  });
}

/** Saves the suggestions one after another (in due order), then refreshes the timeline. */
export function useSaveMilestones(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bodies: MilestoneInput[]) => {
      for (const body of bodies) await createMilestone(projectId, body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: milestonesQueryOptions(projectId).queryKey }),
  });
}

export function useDeleteMilestone(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMilestone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: milestonesQueryOptions(projectId).queryKey }),
  });
}

export function useSuggestMilestones(projectId: number) {
  return useMutation({ mutationFn: () => suggestMilestones(projectId) });
}
