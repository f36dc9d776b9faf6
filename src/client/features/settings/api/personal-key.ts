import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { FacultySettings, KeyTestResult } from "#shared/schemas/settings.ts";

// spec B §7: the personal AI key (set or not; never read back) and the key test.
const settingsKey = (facultyId: number) => ["/api/faculty", facultyId, "settings"] as const;

export const getFacultySettingsQueryOptions = (facultyId: number) =>
  queryOptions({
    queryKey: settingsKey(facultyId),
    queryFn: ({ signal }) =>
      apiRequest<FacultySettings>("GET", `/api/faculty/${facultyId}/settings`, { signal }),
  });

export const useFacultySettings = (facultyId: number) => useQuery(getFacultySettingsQueryOptions(facultyId));

function useKeyMutation<TInput>(facultyId: number, call: (input: TInput) => Promise<FacultySettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKey(facultyId), settings);
      void queryClient.invalidateQueries({ queryKey: ["/api/ai/status"] });
    },
  });
}

export const useSavePersonalKey = (facultyId: number) =>
  useKeyMutation(facultyId, (apiKey: string) =>
    apiRequest<FacultySettings>("PUT", `/api/faculty/${facultyId}/api-key`, { body: { apiKey } }),
  );

export const useRemovePersonalKey = (facultyId: number) =>
  useKeyMutation(facultyId, () => apiRequest<FacultySettings>("DELETE", `/api/faculty/${facultyId}/api-key`));

/**
 * Without a key, the server tests the key the caller's conversions use. A test of the stored key
 * is kept with its time, so the settings are read again afterwards.
 */
export function useTestKey(facultyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: string | undefined) =>
      apiRequest<KeyTestResult>("POST", "/api/openai/test", { body: apiKey ? { apiKey } : {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey(facultyId) }),
  });
}
