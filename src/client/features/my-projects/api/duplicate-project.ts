import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { Discipline } from "#shared/constants.ts";
import { copyTitle } from "#shared/domain/projects.ts";
import type { Project } from "#shared/schemas/projects.ts";

/** Duplicate: a new project of one's own with the same answers, titled "… (copy)". */
export const duplicateProject = (project: Project) =>
  answerOf(
    api.POST("/api/projects", {
      body: {
        title: copyTitle(project.title),
        discipline: project.discipline as Discipline,
        methodology: project.methodology,
        templateId: project.templateId ?? undefined,
      },
    }),
  );

export function useDuplicateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateProject,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
