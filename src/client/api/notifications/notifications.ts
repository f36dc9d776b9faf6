import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { NotificationPreference } from "#shared/schemas/notifications.ts";

// The bell (one's notifications and their unread count) and the notification preferences, shown
// in the instructor's shell, the student's space, Settings and the student's Profile.
export const notificationKeys = {
  all: ["notifications"] as const,
  list: () => [...notificationKeys.all, "list"] as const,
  preferences: () => [...notificationKeys.all, "preferences"] as const,
};

/** How often the bell asks for news while the page is open (and again on focus). */
const POLL_MS = 60_000;
const LIST_LIMIT = 20;

/** GET /api/notifications: the newest page and the unread count. */
export const getNotifications = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/notifications", { params: { query: { limit: LIST_LIMIT, offset: 0 } }, signal }));

export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });

export const useNotifications = () => useQuery(getNotificationsQueryOptions());

function useListMutation<TInput>(call: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}

/** POST /api/notifications/:id/read */
export const markNotificationRead = (id: number) =>
  answerOf(api.POST("/api/notifications/{id}/read", { params: { path: { id } } }));
export const useMarkNotificationRead = () => useListMutation(markNotificationRead);

/** POST /api/notifications/read-all */
export const markAllNotificationsRead = () => answerOf(api.POST("/api/notifications/read-all"));
export const useMarkAllNotificationsRead = () => useListMutation(markAllNotificationsRead);

/** GET /api/notifications/preferences: each kind of the person's role with its channel. */
export const getNotificationPreferences = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/notifications/preferences", { signal }));

export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export const useNotificationPreferences = () => useQuery(getNotificationPreferencesQueryOptions());

/** PUT /api/notifications/preferences */
export const saveNotificationPreferences = (preferences: NotificationPreference[]) =>
  answerOf(api.PUT("/api/notifications/preferences", { body: { preferences } }));

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), saved),
  });
}

/** PUT /api/auth/time-zone: the browser's zone, so daily e-mails come on the person's morning. */
export const saveTimeZone = (timeZone: string) =>
  answerOf(api.PUT("/api/auth/time-zone", { body: { timeZone } }));
