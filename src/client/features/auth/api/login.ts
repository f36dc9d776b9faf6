import { apiRequest } from "#client/lib/api-client.ts";
import type { LoginInput, LoginResponse } from "#shared/schemas/auth.ts";

/** POST /api/auth/login. A plain call: the sign-in page runs without React Query. */
export const login = (input: LoginInput) =>
  apiRequest<LoginResponse>("POST", "/api/auth/login", { body: input });
