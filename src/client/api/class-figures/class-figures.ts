import { queryOptions, useQuery } from "@tanstack/react-query";
import { projectKeys } from "#client/api/projects/project-keys.ts";
import { answerOf, api } from "#client/lib/api-client.ts";

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

export const classFiguresKeys = {
  /** Under the project's key: invalidating the project (a student removed) refreshes its figures. */
  project: (id: number) => [...projectKeys.detail(id), "class-mastery"] as const,
  mine: ["class-figures", "mine"] as const,
};

/** GET /api/projects/:id/class-mastery */
export const getProjectClassFigures = (id: number, signal?: AbortSignal) =>
  answerOf(
    api.GET("/api/projects/{id}/class-mastery", {
      params: { path: { id }, query: { tz: browserTimeZone() } },
      signal,
    }),
  );
export const projectClassFiguresQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: classFiguresKeys.project(projectId),
    queryFn: ({ signal }) => getProjectClassFigures(projectId, signal),
  });
export const useProjectClassFigures = (projectId: number) =>
  useQuery(projectClassFiguresQueryOptions(projectId));

/** GET /api/pivot-assets/class-mastery: the figures of each of one's classes. */
export const getMyClassFigures = (signal?: AbortSignal) =>
  answerOf(
    api.GET("/api/pivot-assets/class-mastery", { params: { query: { tz: browserTimeZone() } }, signal }),
  );
export const myClassFiguresQueryOptions = () =>
  queryOptions({ queryKey: classFiguresKeys.mine, queryFn: ({ signal }) => getMyClassFigures(signal) });
export const useMyClassFigures = () => useQuery(myClassFiguresQueryOptions());
