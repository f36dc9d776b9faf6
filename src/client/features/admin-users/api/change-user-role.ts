import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { Faculty } from "#shared/schemas/auth.ts";
import type { ChangeRoleInput } from "#shared/schemas/faculty.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

export interface ChangeUserRoleVariables extends ChangeRoleInput {
  id: number;
}

export const changeUserRole = ({ id, role }: ChangeUserRoleVariables) =>
  apiRequest<Faculty>("PUT", `/api/admin/users/${id}/role`, { body: { role } satisfies ChangeRoleInput });

type ChangeUserRoleOptions = Omit<UseMutationOptions<Faculty, Error, ChangeUserRoleVariables>, "mutationFn">;

export function useChangeUserRole({ onSuccess, ...options }: ChangeUserRoleOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: changeUserRole,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
      return onSuccess?.(...args);
    },
  });
}
