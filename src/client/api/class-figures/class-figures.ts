import { useQuery } from "@tanstack/react-query";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { apiRequest } from "#client/lib/api-client.ts";
import type { ClassMastery } from "#shared/schemas/student.ts";

/**
 * The class figures, for the project screen and Pivot Assets' Mastery Analytics:
 * the browser's time zone decides what "on time" and "today" mean, as for the instructor's own.
 */
function browserTimeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
const tzQuery = () => `?tz=${encodeURIComponent(browserTimeZone())}`;

export const classFiguresKeys = {
  /** Under the project's key: invalidating the project (a student removed) refreshes its figures. */
  project: (id: number) => [...projectKeys.detail(id), "class-mastery"] as const,
  mine: ["/api/pivot-assets/class-mastery"] as const,
};

export const useProjectClassFigures = (projectId: number) =>
  useQuery({
    queryKey: classFiguresKeys.project(projectId),
    queryFn: ({ signal }) =>
      apiRequest<ClassMastery>("GET", `/api/projects/${projectId}/class-mastery${tzQuery()}`, { signal }),
  });

export const useMyClassFigures = () =>
  useQuery({
    queryKey: classFiguresKeys.mine,
    queryFn: ({ signal }) =>
      apiRequest<ClassMastery[]>("GET", `/api/pivot-assets/class-mastery${tzQuery()}`, { signal }),
  });
