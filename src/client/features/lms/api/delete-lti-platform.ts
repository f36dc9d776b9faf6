import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { ltiKeys } from "./get-lti-platforms.ts";

/** DELETE /api/admin/lti/platforms/:id: the platform and its deployments. */
export const deleteLtiPlatform = (id: string) =>
  answerOf(api.DELETE("/api/admin/lti/platforms/{id}", { params: { path: { id } } }));

type Options = Omit<UseMutationOptions<unknown, Error, string>, "mutationFn">;

export function useDeleteLtiPlatform({ onSuccess, ...options }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteLtiPlatform,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: ltiKeys.platforms() });
      return onSuccess?.(...args);
    },
  });
}
