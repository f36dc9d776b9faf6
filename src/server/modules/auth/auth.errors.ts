import { AUTH_MESSAGES } from "#shared/account.ts";
import { SETTINGS_MESSAGES } from "#shared/schemas/settings.ts";
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
/** A password check inside a signed-in change (password, e-mail) that failed. */
export const createWrongPasswordError = createErrorFactory({
  code: "WRONG_PASSWORD",
  message: SETTINGS_MESSAGES.passwordWrong,
  statusCode: 400,
});
export const createSameEmailError = createErrorFactory({
  code: "SAME_EMAIL",
  message: SETTINGS_MESSAGES.sameEmail,
  statusCode: 400,
});
export const createEmailTakenError = createErrorFactory({
  code: "EMAIL_TAKEN",
  message: AUTH_MESSAGES.emailTaken,
  statusCode: 409,
});
