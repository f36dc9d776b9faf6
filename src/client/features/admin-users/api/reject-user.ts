import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

/** POST /api/admin/users/:id/reject */
export const rejectUser = (id: number) =>
  answerOf(api.POST("/api/admin/users/{id}/reject", { params: { path: { id } } }));
type Faculty = Awaited<ReturnType<typeof rejectUser>>;

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
