import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { RegisterInput, RegisterResponse } from "#shared/schemas/auth.ts";

/** POST /api/auth/register: creates the account; it never signs in (spec A §2). */
export const register = (input: RegisterInput) =>
  apiRequest<RegisterResponse>("POST", "/api/auth/register", { body: input });

type RegisterOptions = Omit<UseMutationOptions<RegisterResponse, Error, RegisterInput>, "mutationFn">;

export function useRegister(options: RegisterOptions = {}) {
  return useMutation({ ...options, mutationFn: register });
}
