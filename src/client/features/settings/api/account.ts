import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { meQueryKey } from "#client/lib/auth.tsx";
import type { ChangeEmailInput, ChangePasswordInput } from "#shared/schemas/settings.ts";

// Account security: the password and the e-mail of the signed-in person.

/** PUT /api/auth/password */
export const changePassword = (input: ChangePasswordInput) =>
  answerOf(api.PUT("/api/auth/password", { body: input }));
export const useChangePassword = () => useMutation({ mutationFn: changePassword });

/** PUT /api/auth/email */
export const changeEmail = (input: ChangeEmailInput) => answerOf(api.PUT("/api/auth/email", { body: input }));

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
