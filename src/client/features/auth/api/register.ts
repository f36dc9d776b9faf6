import { apiRequest } from "#client/lib/api-client.ts";
import type { RegisterInput } from "#shared/schemas/auth.ts";

export interface RegisterResponse {
  message?: string;
}

/**
 * POST /api/auth/register: creates the account; it never signs in (spec A §2). A plain call: the
 * sign-in page runs without React Query (issue 12).
 */
export const register = (input: RegisterInput) =>
  apiRequest<RegisterResponse>("POST", "/api/auth/register", { body: input });
