import { DESIGN_REVIEW_MESSAGES } from "#shared/schemas/design-review.ts";
import { createErrorFactory } from "../../lib/errors.ts";

/** rubricId names no rubric of the caller's (another instructor's rubric answers the same). */
export const createDesignRubricNotFoundError = createErrorFactory(
  "RUBRIC_NOT_FOUND",
  DESIGN_REVIEW_MESSAGES.rubricNotFound,
  400,
);
/** A score naming a criterion or a level the review's rubric does not have, or one scored twice. */
export const createInvalidDesignScoreError = createErrorFactory("INVALID_SCORE", "", 400);
