import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import { meQueryKey } from "#client/lib/auth.tsx";
import type { ChangeEmailInput, ChangeEmailResponse, ChangePasswordInput } from "#shared/schemas/settings.ts";

// Account security: the password and the e-mail of the signed-in person.
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest<void>("PUT", "/api/auth/password", { body: input }),
  });

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) =>
      apiRequest<ChangeEmailResponse>("PUT", "/api/auth/email", { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
