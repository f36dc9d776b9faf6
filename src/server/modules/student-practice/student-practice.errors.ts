import { STUDENT_MESSAGES } from "#shared/schemas/student.ts";
import { createErrorFactory } from "../../lib/errors.ts";

/** An item of a project the student is not enrolled in answers as one that does not exist. */
export const createPracticeItemNotFoundError = createErrorFactory(
  "PRACTICE_ITEM_NOT_FOUND",
  STUDENT_MESSAGES.itemNotFound,
  404,
);
