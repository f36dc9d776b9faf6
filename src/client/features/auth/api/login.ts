import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api-client.ts";
import type { LoginInput, LoginResponse } from "#shared/schemas/auth.ts";

export const login = (input: LoginInput) =>
  apiRequest<LoginResponse>("POST", "/api/auth/login", { body: input });

type LoginOptions = Omit<UseMutationOptions<LoginResponse, Error, LoginInput>, "mutationFn">;

export function useLogin(options: LoginOptions = {}) {
  return useMutation({ ...options, mutationFn: login });
}
