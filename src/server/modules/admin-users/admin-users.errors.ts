import { createErrorFactory } from "../../lib/errors.ts";

export const createAccountNotFoundError = createErrorFactory({
  code: "FACULTY_NOT_FOUND",
  message: "Faculty member not found.",
  statusCode: 404,
});
export const createSelfChangeError = createErrorFactory({
  code: "SELF_CHANGE",
  message: "You cannot change your own account here.",
  statusCode: 400,
});
