import { answerOf, api } from "#client/lib/api-client.ts";
import type { RegisterInput } from "#shared/schemas/auth.ts";

/**
 * POST /api/auth/register: creates the account; it never signs in (spec A §2). A plain call: the
 * sign-in page runs without React Query.
 */
export const register = (input: RegisterInput) => answerOf(api.POST("/api/auth/register", { body: input }));
