import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { Faculty } from "#shared/schemas/auth.ts";
import type { UpdateFacultyInput } from "#shared/schemas/faculty.ts";
import { adminUsersQueryKey } from "./get-admin-users.ts";

export interface ChangeUserInstitutionVariables {
  id: number;
  institution: string;
}

/** PUT /api/faculty/:id with the institution: a move between institutions is the Super Admin's. */
export const changeUserInstitution = ({ id, institution }: ChangeUserInstitutionVariables) =>
  apiRequest<Faculty>("PUT", `/api/faculty/${id}`, { body: { institution } satisfies UpdateFacultyInput });

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
