import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { projectQueryOptions } from "#client/api/projects/get-project.ts";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { UpdateProjectInput } from "#shared/schemas/projects.ts";

// One screen's calls: read, edit, delete and a new contribution link for a project.

export const getProjectQueryOptions = projectQueryOptions;

export const useProject = (id: number) => useQuery(getProjectQueryOptions(id));

function useProjectMutation<TInput, TResult>(id: number, call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(id) });
    },
  });
}

/** PUT /api/projects/:id */
export const updateProject = (id: number, input: UpdateProjectInput) =>
  answerOf(api.PUT("/api/projects/{id}", { params: { path: { id } }, body: input }));
export const useUpdateProject = (id: number) =>
  useProjectMutation(id, (input: UpdateProjectInput) => updateProject(id, input));

/** DELETE /api/projects/:id */
export const deleteProject = (id: number) =>
  answerOf(api.DELETE("/api/projects/{id}", { params: { path: { id } } }));
export const useDeleteProject = (id: number) => useProjectMutation(id, () => deleteProject(id));

/** POST /api/projects/:id/contribution-token: a new contribution link; the old one stops working. */
export const regenerateContributionToken = (id: number) =>
  answerOf(api.POST("/api/projects/{id}/contribution-token", { params: { path: { id } } }));
export const useRegenerateContributionToken = (id: number) =>
  useProjectMutation(id, () => regenerateContributionToken(id));
