import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { projectKeys } from "./project-keys.ts";

// A person's private calendar address of a project: the owner's and an enrolled student's screens.

export const calendarFeedKey = (projectId: number) =>
  [...projectKeys.detail(projectId), "calendar-feed"] as const;

/** GET /api/projects/:id/calendar-feed: made on the first call. */
export const getCalendarFeed = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/projects/{id}/calendar-feed", { params: { path: { id } }, signal }));
export const calendarFeedQueryOptions = (id: number) =>
  queryOptions({ queryKey: calendarFeedKey(id), queryFn: ({ signal }) => getCalendarFeed(id, signal) });
export const useCalendarFeed = (id: number, enabled: boolean) =>
  useQuery({ ...calendarFeedQueryOptions(id), enabled });

/** POST /api/projects/:id/calendar-feed: a new address; the old one stops working. */
export const regenerateCalendarFeed = (id: number) =>
  answerOf(api.POST("/api/projects/{id}/calendar-feed", { params: { path: { id } } }));
export function useRegenerateCalendarFeed(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateCalendarFeed(id),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryOptions(id).queryKey, feed),
  });
}
