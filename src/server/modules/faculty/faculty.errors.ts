import { createErrorFactory } from "../../lib/errors.ts";

export const createFacultyNotFoundError = createErrorFactory(
  "FACULTY_NOT_FOUND",
  "Faculty member not found.",
  404,
);
export const createEmailTakenError = createErrorFactory(
  "EMAIL_TAKEN",
  "An account with this email already exists.",
  409,
);
