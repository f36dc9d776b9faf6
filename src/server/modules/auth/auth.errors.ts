import { AUTH_MESSAGES } from "#shared/schemas/auth.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createInvalidCredentialsError = createErrorFactory({
  code: "INVALID_CREDENTIALS",
  message: AUTH_MESSAGES.invalidCredentials,
  statusCode: 401,
});
export const createAccountPendingError = createErrorFactory({
  code: "ACCOUNT_PENDING",
  message: AUTH_MESSAGES.pending,
  statusCode: 403,
});
export const createAccountRejectedError = createErrorFactory({
  code: "ACCOUNT_REJECTED",
  message: AUTH_MESSAGES.rejected,
  statusCode: 403,
});
