import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { Project } from "#shared/schemas/projects.ts";
import { projectKeys } from "./project-keys.ts";

/** GET /api/projects/faculty/:facultyId: a person's projects (the dashboard, collaboration). */
export const getFacultyProjects = (facultyId: number, signal?: AbortSignal) =>
  apiRequest<Project[]>("GET", `/api/projects/faculty/${facultyId}`, { signal });

export const facultyProjectsQueryOptions = (facultyId: number) =>
  queryOptions({
    queryKey: projectKeys.ofFaculty(facultyId),
    queryFn: ({ signal }) => getFacultyProjects(facultyId, signal),
  });

/** The person's projects; `refetchOnMount: "always"` where a screen must show them fresh. */
export function useFacultyProjects(
  facultyId: number | undefined,
  options: { refetchOnMount?: "always" } = {},
) {
  return useQuery({
    ...facultyProjectsQueryOptions(facultyId ?? 0),
    enabled: facultyId !== undefined,
    ...options,
  });
}
