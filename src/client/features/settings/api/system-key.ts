import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { SystemKeySetting } from "#shared/schemas/settings.ts";

// spec B §7: the institution's default AI key (super_admin only).
const systemKeyQueryKey = ["/api/admin/settings/openai-key"] as const;
const URL = "/api/admin/settings/openai-key";

export const getSystemKeyQueryOptions = () =>
  queryOptions({
    queryKey: systemKeyQueryKey,
    queryFn: ({ signal }) => apiRequest<SystemKeySetting>("GET", URL, { signal }),
  });

export const useSystemKey = () => useQuery(getSystemKeyQueryOptions());

function useSystemKeyMutation<TInput>(call: (input: TInput) => Promise<SystemKeySetting>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (setting) => {
      queryClient.setQueryData(systemKeyQueryKey, setting);
      void queryClient.invalidateQueries({ queryKey: ["/api/ai/status"] });
    },
  });
}

export const useSaveSystemKey = () =>
  useSystemKeyMutation((apiKey: string) => apiRequest<SystemKeySetting>("PUT", URL, { body: { apiKey } }));

export const useRemoveSystemKey = () =>
  useSystemKeyMutation(() => apiRequest<SystemKeySetting>("DELETE", URL));
