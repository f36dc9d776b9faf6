import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import type { ChangeRoleInput } from "#shared/schemas/faculty.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

export interface ChangeUserRoleVariables extends ChangeRoleInput {
  id: number;
}

/** PUT /api/admin/users/:id/role */
export const changeUserRole = ({ id, role }: ChangeUserRoleVariables) =>
  answerOf(api.PUT("/api/admin/users/{id}/role", { params: { path: { id } }, body: { role } }));
type Faculty = Awaited<ReturnType<typeof changeUserRole>>;

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
