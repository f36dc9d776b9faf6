import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { identityProviderKeys } from "./get-identity-providers.ts";

/** DELETE /api/admin/identity-providers/:id */
export const deleteIdentityProvider = (id: string) =>
  answerOf(api.DELETE("/api/admin/identity-providers/{id}", { params: { path: { id } } }));

type Options = Omit<UseMutationOptions<unknown, Error, string>, "mutationFn">;

export function useDeleteIdentityProvider({ onSuccess, ...options }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteIdentityProvider,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: identityProviderKeys.all });
      return onSuccess?.(...args);
    },
  });
}
