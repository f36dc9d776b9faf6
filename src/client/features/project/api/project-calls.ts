import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { apiRequest } from "#client/lib/api-client.ts";
import type { ContributionTokenResponse, Project, UpdateProjectInput } from "#shared/schemas/projects.ts";

// One screen's calls: read, edit, delete and a new contribution link for a project.
const projectKey = projectKeys.detail;

export const getProjectQueryOptions = (id: number) =>
  queryOptions({
    queryKey: projectKey(id),
    queryFn: ({ signal }) => apiRequest<Project>("GET", `/api/projects/${id}`, { signal }),
  });

export const useProject = (id: number) => useQuery(getProjectQueryOptions(id));

function useProjectMutation<TInput, TResult>(id: number, call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      void queryClient.invalidateQueries({ queryKey: projectKey(id) });
    },
  });
}

export const useUpdateProject = (id: number) =>
  useProjectMutation(id, (input: UpdateProjectInput) =>
    apiRequest<Project>("PUT", `/api/projects/${id}`, { body: input }),
  );

export const useDeleteProject = (id: number) =>
  useProjectMutation(id, () => apiRequest<void>("DELETE", `/api/projects/${id}`));

export const useRegenerateContributionToken = (id: number) =>
  useProjectMutation(id, () =>
    apiRequest<ContributionTokenResponse>("POST", `/api/projects/${id}/contribution-token`),
  );
