import { STUDENT_MESSAGES } from "#shared/schemas/student.ts";
import { createErrorFactory } from "../../lib/errors.ts";

/**
 * The password that confirms an account's deletion is wrong: 400 with the code the e-mail and
 * password changes use (WRONG_PASSWORD), not 403 (the caller may act; the confirmation failed) nor
 * 401 (the client would take it for an ended session and sign out).
 */
export const createDeletionPasswordError = createErrorFactory(
  "WRONG_PASSWORD",
  STUDENT_MESSAGES.passwordIncorrect,
  400,
);
