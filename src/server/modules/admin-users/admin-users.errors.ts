import { PASSWORD_RESET_MESSAGES } from "#shared/account.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createAccountNotFoundError = createErrorFactory(
  "FACULTY_NOT_FOUND",
  "Faculty member not found.",
  404,
);
export const createSelfChangeError = createErrorFactory(
  "SELF_CHANGE",
  "You cannot change your own account here.",
  400,
);
/** A reset link is made only for an approved account (a pending or rejected one cannot sign in). */
export const createNotApprovedError = createErrorFactory(
  "ACCOUNT_NOT_APPROVED",
  PASSWORD_RESET_MESSAGES.notApproved,
  400,
);
