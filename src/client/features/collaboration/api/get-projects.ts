import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { Project } from "#shared/schemas/projects.ts";

export const getFacultyProjects = (facultyId: number, signal?: AbortSignal) =>
  apiRequest<Project[]>("GET", `/api/projects/faculty/${facultyId}`, { signal });

export const getFacultyProjectsQueryOptions = (facultyId: number) =>
  queryOptions({
    // Under the "/api/projects" prefix, so that every project change refreshes the list.
    queryKey: ["/api/projects", "faculty", facultyId],
    queryFn: ({ signal }) => getFacultyProjects(facultyId, signal),
  });

export function useFacultyProjects(facultyId: number | undefined) {
  return useQuery({ ...getFacultyProjectsQueryOptions(facultyId ?? 0), enabled: facultyId !== undefined });
}
