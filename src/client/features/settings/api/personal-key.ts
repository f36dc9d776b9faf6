import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { aiStatusKeys } from "#client/api/ai/ai-status.ts";
import { answerOf, api } from "#client/lib/api-client.ts";

// spec B §7: the personal AI key (set or not; never read back) and the key test.
export const settingsKeys = {
  all: ["settings"] as const,
  faculty: (facultyId: number) => [...settingsKeys.all, "faculty", facultyId] as const,
  systemKey: () => [...settingsKeys.all, "system-key"] as const,
};
const settingsKey = settingsKeys.faculty;

/** GET /api/faculty/:id/settings */
export const getFacultySettings = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET("/api/faculty/{id}/settings", { params: { path: { id } }, signal }));
type FacultySettings = Awaited<ReturnType<typeof getFacultySettings>>;

export const getFacultySettingsQueryOptions = (facultyId: number) =>
  queryOptions({
    queryKey: settingsKey(facultyId),
    queryFn: ({ signal }) => getFacultySettings(facultyId, signal),
  });

export const useFacultySettings = (facultyId: number) => useQuery(getFacultySettingsQueryOptions(facultyId));

function useKeyMutation<TInput>(facultyId: number, call: (input: TInput) => Promise<FacultySettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKey(facultyId), settings);
      void queryClient.invalidateQueries({ queryKey: aiStatusKeys.all });
    },
  });
}

/** PUT /api/faculty/:id/api-key */
export const savePersonalKey = (id: number, apiKey: string) =>
  answerOf(api.PUT("/api/faculty/{id}/api-key", { params: { path: { id } }, body: { apiKey } }));
export const useSavePersonalKey = (facultyId: number) =>
  useKeyMutation(facultyId, (apiKey: string) => savePersonalKey(facultyId, apiKey));

/** DELETE /api/faculty/:id/api-key */
export const removePersonalKey = (id: number) =>
  answerOf(api.DELETE("/api/faculty/{id}/api-key", { params: { path: { id } } }));
export const useRemovePersonalKey = (facultyId: number) =>
  useKeyMutation(facultyId, () => removePersonalKey(facultyId));

/** POST /api/openai/test: the given key, or without one the key the caller's conversions use. */
export const testKey = (apiKey: string | undefined) =>
  answerOf(api.POST("/api/openai/test", { body: apiKey ? { apiKey } : {} }));

/**
 * Without a key, the server tests the key the caller's conversions use. A test of the stored key
 * is kept with its time, so the settings are read again afterwards.
 */
export function useTestKey(facultyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey(facultyId) }),
  });
}
