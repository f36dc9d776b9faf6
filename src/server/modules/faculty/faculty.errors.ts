import { createErrorFactory } from "../../lib/errors.ts";

export const createFacultyNotFoundError = createErrorFactory({
  code: "FACULTY_NOT_FOUND",
  message: "Faculty member not found.",
  statusCode: 404,
});
export const createEmailTakenError = createErrorFactory({
  code: "EMAIL_TAKEN",
  message: "An account with this email already exists.",
  statusCode: 409,
});
