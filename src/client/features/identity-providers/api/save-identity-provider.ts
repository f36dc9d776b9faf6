import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type {
  CreateIdentityProviderInput,
  IdentityProvider,
  UpdateIdentityProviderInput,
} from "#shared/schemas/identity-providers.ts";
import { identityProviderKeys } from "./get-identity-providers.ts";

/** A new sign-in option, or the whole of an existing one (its id). */
export type SaveIdentityProviderVariables =
  | { id?: undefined; input: CreateIdentityProviderInput }
  | { id: string; input: UpdateIdentityProviderInput };

/** POST /api/admin/identity-providers, or PUT /api/admin/identity-providers/:id. */
export const saveIdentityProvider = (variables: SaveIdentityProviderVariables) =>
  variables.id === undefined
    ? answerOf(api.POST("/api/admin/identity-providers", { body: variables.input }))
    : answerOf(
        api.PUT("/api/admin/identity-providers/{id}", {
          params: { path: { id: variables.id } },
          body: variables.input,
        }),
      );

type Options = Omit<UseMutationOptions<IdentityProvider, Error, SaveIdentityProviderVariables>, "mutationFn">;

export function useSaveIdentityProvider({ onSuccess, ...options }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: saveIdentityProvider,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: identityProviderKeys.all });
      return onSuccess?.(...args);
    },
  });
}
