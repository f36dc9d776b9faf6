import { MILESTONE_MESSAGES } from "#shared/schemas/milestones.ts";
import { createErrorFactory } from "../../lib/errors.ts";

/** A milestone of another person's project answers as one that does not exist. */
export const createMilestoneNotFoundError = createErrorFactory(
  "MILESTONE_NOT_FOUND",
  MILESTONE_MESSAGES.notFound,
  404,
);
/** rubricId names no rubric of the caller's. */
export const createRubricNotFoundError = createErrorFactory(
  "RUBRIC_NOT_FOUND",
  MILESTONE_MESSAGES.rubricNotFound,
  400,
);
/** An unknown or replaced calendar address, or one whose person lost the project. */
export const createCalendarFeedNotFoundError = createErrorFactory(
  "CALENDAR_FEED_NOT_FOUND",
  MILESTONE_MESSAGES.feedNotFound,
  404,
);
/** Switching between team and individual submissions once work was handed in. */
export const createTeamSubmissionLockedError = createErrorFactory(
  "TEAM_SUBMISSION_LOCKED",
  MILESTONE_MESSAGES.teamSubmissionLocked,
  409,
);
