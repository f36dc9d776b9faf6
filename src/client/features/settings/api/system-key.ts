import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { aiStatusKeys } from "#client/api/ai/ai-status.ts";
import { answerOf, api } from "#client/lib/api-client.ts";
import { settingsKeys } from "./personal-key.ts";

// spec B §7: the institution's default AI key (super_admin only).
const systemKeyQueryKey = settingsKeys.systemKey();

/** GET /api/admin/settings/openai-key: whether one is set, never the key itself. */
export const getSystemKey = (signal?: AbortSignal) =>
  answerOf(api.GET("/api/admin/settings/openai-key", { signal }));
type SystemKeySetting = Awaited<ReturnType<typeof getSystemKey>>;

export const getSystemKeyQueryOptions = () =>
  queryOptions({ queryKey: systemKeyQueryKey, queryFn: ({ signal }) => getSystemKey(signal) });

export const useSystemKey = () => useQuery(getSystemKeyQueryOptions());

function useSystemKeyMutation<TInput>(call: (input: TInput) => Promise<SystemKeySetting>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (setting) => {
      queryClient.setQueryData(systemKeyQueryKey, setting);
      void queryClient.invalidateQueries({ queryKey: aiStatusKeys.all });
    },
  });
}

/** PUT /api/admin/settings/openai-key */
export const saveSystemKey = (apiKey: string) =>
  answerOf(api.PUT("/api/admin/settings/openai-key", { body: { apiKey } }));
export const useSaveSystemKey = () => useSystemKeyMutation(saveSystemKey);

/** DELETE /api/admin/settings/openai-key */
export const removeSystemKey = () => answerOf(api.DELETE("/api/admin/settings/openai-key"));
export const useRemoveSystemKey = () => useSystemKeyMutation(removeSystemKey);
