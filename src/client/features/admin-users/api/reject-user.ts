import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { Faculty } from "#shared/schemas/auth.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

export const rejectUser = (id: number) => apiRequest<Faculty>("POST", `/api/admin/users/${id}/reject`);

type RejectUserOptions = Omit<UseMutationOptions<Faculty, Error, number>, "mutationFn">;

export function useRejectUser({ onSuccess, ...options }: RejectUserOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: rejectUser,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
      return onSuccess?.(...args);
    },
  });
}
