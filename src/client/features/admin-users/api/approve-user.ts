import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

/** POST /api/admin/users/:id/approve */
export const approveUser = (id: number) =>
  answerOf(api.POST("/api/admin/users/{id}/approve", { params: { path: { id } } }));
type Faculty = Awaited<ReturnType<typeof approveUser>>;

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
