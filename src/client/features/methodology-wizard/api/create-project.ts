import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { CreateProjectInput } from "#shared/schemas/projects.ts";

/** POST /api/projects: the wizard's Complete saves the whole methodology as a project. */
export const createProject = (input: CreateProjectInput) =>
  answerOf(api.POST("/api/projects", { body: input }));

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
