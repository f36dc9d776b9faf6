import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#client/lib/api-client.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

export interface ChangeUserInstitutionVariables {
  id: number;
  institution: string;
}

/** PUT /api/faculty/:id with the institution: a move between institutions is the Super Admin's. */
export const changeUserInstitution = ({ id, institution }: ChangeUserInstitutionVariables) =>
  answerOf(api.PUT("/api/faculty/{id}", { params: { path: { id } }, body: { institution } }));
type Faculty = Awaited<ReturnType<typeof changeUserInstitution>>;

type Options = Omit<UseMutationOptions<Faculty, Error, ChangeUserInstitutionVariables>, "mutationFn">;

export function useChangeUserInstitution({ onSuccess, ...options }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: changeUserInstitution,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
      return onSuccess?.(...args);
    },
  });
}
