import { ENROLMENT_MESSAGES } from "#shared/schemas/enrolment.ts";
import { createErrorFactory } from "../../lib/errors.ts";

/** Unknown code, malformed code, or joining switched off: one answer, so codes cannot be probed. */
export const createUnknownJoinCodeError = createErrorFactory(
  "JOIN_CODE_NOT_FOUND",
  ENROLMENT_MESSAGES.unknownCode,
  404,
);
/** A project the student is not enrolled in answers as one that does not exist. */
export const createStudentProjectNotFoundError = createErrorFactory(
  "PROJECT_NOT_FOUND",
  ENROLMENT_MESSAGES.notEnrolled,
  404,
);
export const createNotOnRosterError = createErrorFactory(
  "NOT_ON_ROSTER",
  ENROLMENT_MESSAGES.notOnRoster,
  404,
);
/** The owner removed this student: joining again waits for the owner to re-admit them. */
export const createRemovedByInstructorError = createErrorFactory(
  "REMOVED_BY_INSTRUCTOR",
  ENROLMENT_MESSAGES.removedByInstructor,
  403,
);
export const createNotRemovedError = createErrorFactory("NOT_REMOVED", ENROLMENT_MESSAGES.notRemoved, 404);
