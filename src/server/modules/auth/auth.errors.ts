import { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES } from "#shared/account.ts";
import { SETTINGS_MESSAGES } from "#shared/schemas/settings.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createInvalidCredentialsError = createErrorFactory(
  "INVALID_CREDENTIALS",
  AUTH_MESSAGES.invalidCredentials,
  401,
);
export const createAccountPendingError = createErrorFactory("ACCOUNT_PENDING", AUTH_MESSAGES.pending, 403);
export const createAccountRejectedError = createErrorFactory("ACCOUNT_REJECTED", AUTH_MESSAGES.rejected, 403);
/** A password check inside a signed-in change (password, e-mail) that failed. */
export const createWrongPasswordError = createErrorFactory(
  "WRONG_PASSWORD",
  SETTINGS_MESSAGES.passwordWrong,
  400,
);
export const createSameEmailError = createErrorFactory("SAME_EMAIL", SETTINGS_MESSAGES.sameEmail, 400);
export const createEmailTakenError = createErrorFactory("EMAIL_TAKEN", AUTH_MESSAGES.emailTaken, 409);
/** The account's institution signs its members in through its identity provider only. */
export const createPasswordSignInOffError = createErrorFactory(
  "PASSWORD_SIGN_IN_OFF",
  "Your institution signs you in through its own sign-in.",
  403,
);
/** A reset link that is unknown, used or expired: one message for all three. */
export const createInvalidResetLinkError = createErrorFactory(
  "INVALID_RESET_LINK",
  PASSWORD_RESET_MESSAGES.invalidLink,
  400,
);
