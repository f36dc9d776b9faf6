import { queryOptions } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { projectKeys } from "./project-keys.ts";

/** GET /api/projects/:id: one project, for its own screen and for the screens that link to it. */
export const getProject = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/projects/{id}", { params: { path: { id } }, signal }));

export const projectQueryOptions = (id: number) =>
  queryOptions({ queryKey: projectKeys.detail(id), queryFn: ({ signal }) => getProject(id, signal) });
