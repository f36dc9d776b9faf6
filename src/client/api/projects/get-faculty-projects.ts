import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, pageOf } from "#client/lib/api-client.ts";
import type { ProjectListQuery } from "#shared/schemas/projects.ts";
import { projectKeys } from "./project-keys.ts";

/** What a screen asks of the list: a page, optionally searched, filtered and ordered. */
export type ProjectListParams = Partial<Omit<ProjectListQuery, "limit">> & { limit: number };

/** GET /api/projects/faculty/:facultyId: a page of a person's projects and how many match. */
export const getFacultyProjects = (facultyId: number, params: ProjectListParams, signal?: AbortSignal) =>
  pageOf(
    api.GET("/api/projects/faculty/{facultyId}", { params: { path: { facultyId }, query: params }, signal }),
  );

export const facultyProjectsQueryOptions = (facultyId: number, params: ProjectListParams) =>
  queryOptions({
    queryKey: [...projectKeys.ofFaculty(facultyId), params],
    queryFn: ({ signal }) => getFacultyProjects(facultyId, params, signal),
    placeholderData: keepPreviousData,
  });

/** A page of the person's projects; `refetchOnMount: "always"` where a screen must show them fresh. */
export function useFacultyProjects(
  facultyId: number | undefined,
  params: ProjectListParams,
  options: { refetchOnMount?: "always" } = {},
) {
  return useQuery({
    ...facultyProjectsQueryOptions(facultyId ?? 0, params),
    enabled: facultyId !== undefined,
    ...options,
  });
}
