import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { Faculty } from "#shared/schemas/auth.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

export const approveUser = (id: number) => apiRequest<Faculty>("POST", `/api/admin/users/${id}/approve`);

type ApproveUserOptions = Omit<UseMutationOptions<Faculty, Error, number>, "mutationFn">;

export function useApproveUser({ onSuccess, ...options }: ApproveUserOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: approveUser,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
      return onSuccess?.(...args);
    },
  });
}
