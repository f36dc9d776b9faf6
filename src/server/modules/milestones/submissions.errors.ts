import { SUBMISSION_MESSAGES } from "#shared/schemas/submissions.ts";
import { createErrorFactory } from "../../lib/errors.ts";

/** A milestone that is gone, or of a project the caller neither owns nor is enrolled in. */
export const createMilestoneNotFoundError = createErrorFactory(
  "MILESTONE_NOT_FOUND",
  SUBMISSION_MESSAGES.milestoneNotFound,
  404,
);
export const createSubmissionNotFoundError = createErrorFactory(
  "SUBMISSION_NOT_FOUND",
  SUBMISSION_MESSAGES.submissionNotFound,
  404,
);
export const createSubmissionFileNotFoundError = createErrorFactory(
  "SUBMISSION_FILE_NOT_FOUND",
  SUBMISSION_MESSAGES.fileNotFound,
  404,
);
/** Closed milestones take no more work; the message names the milestone. */
export const createMilestoneClosedError = createErrorFactory("MILESTONE_CLOSED", "", 409);
/** A team milestone and a student in no published team. */
export const createNotInTeamError = createErrorFactory("NOT_IN_TEAM", SUBMISSION_MESSAGES.notInTeam, 409);
/** A launch milestone that waits for the student's readiness (the message names the concepts). */
export const createLaunchWaitsError = createErrorFactory("LAUNCH_WAITS_FOR_READINESS", "", 409);
export const createNoRubricError = createErrorFactory("NO_RUBRIC", SUBMISSION_MESSAGES.noRubric, 409);
/** A score naming a criterion or level the milestone's rubric does not have. */
export const createInvalidScoreError = createErrorFactory("INVALID_SCORE", "", 400);
/** An upload already recorded as a document, an entry or another submission's file. */
export const createUploadInUseError = createErrorFactory(
  "UPLOAD_IN_USE",
  "uploadIds: a file was already handed in or used elsewhere; upload it again",
  400,
);
/** The scores of a project the caller does not own. */
export const createScoresProjectNotFoundError = createErrorFactory(
  "PROJECT_NOT_FOUND",
  "Project not found",
  404,
);
