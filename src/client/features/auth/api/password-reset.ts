import { answerOf, api } from "#client/lib/api-client.ts";
import type { PasswordResetConfirmInput, PasswordResetRequestInput } from "#shared/schemas/auth.ts";

/** POST /api/auth/password-reset: the same message for every address. A plain call (no React Query). */
export const requestPasswordReset = (input: PasswordResetRequestInput) =>
  answerOf(api.POST("/api/auth/password-reset", { body: input }));

/** POST /api/auth/password-reset/confirm: sets the password with a reset link's token. */
export const confirmPasswordReset = (input: PasswordResetConfirmInput) =>
  answerOf(api.POST("/api/auth/password-reset/confirm", { body: input }));
