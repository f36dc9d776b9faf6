import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { apiRequest } from "#client/lib/api-client.ts";

/** DELETE /api/projects/:id: the project and every contribution to it. */
export const deleteProject = (id: number) => apiRequest<void>("DELETE", `/api/projects/${id}`);

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
