import { answerOf, api } from "#client/lib/api-client.ts";
import type { LoginInput } from "#shared/schemas/auth.ts";

/** POST /api/auth/login. A plain call: the sign-in page runs without React Query. */
export const login = (input: LoginInput) => answerOf(api.POST("/api/auth/login", { body: input }));
