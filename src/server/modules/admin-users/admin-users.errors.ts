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
