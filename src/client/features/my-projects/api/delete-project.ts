import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";

/** DELETE /api/projects/:id: the project and every contribution to it. */
export const deleteProject = (id: number) =>
  answerOf(api.DELETE("/api/projects/{id}", { params: { path: { id } } }));

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
