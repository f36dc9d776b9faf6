import { PEER_MESSAGES } from "#shared/schemas/peer-evaluation.ts";
import { TEAM_MESSAGES, TEAM_SURVEY_MESSAGES } from "#shared/schemas/teams.ts";
import { createErrorFactory } from "../../lib/errors.ts";

/** The project has no team survey switched on. */
export const createTeamSurveyNotFoundError = createErrorFactory(
  "TEAM_SURVEY_NOT_FOUND",
  TEAM_SURVEY_MESSAGES.notFound,
  404,
);
/** An answer that does not fit the survey's questions; the message names the question. */
export const createInvalidTeamAnswerError = createErrorFactory("INVALID_TEAM_ANSWER", "Invalid answer", 400);
/** A team of another person's project answers as one that does not exist. */
export const createTeamNotFoundError = createErrorFactory("TEAM_NOT_FOUND", TEAM_MESSAGES.notFound, 404);
/** Publishing or exporting before any team was formed. */
export const createNoTeamsError = createErrorFactory("NO_TEAMS", TEAM_MESSAGES.noTeams, 409);
/** Forming teams of nobody. */
export const createNoStudentsError = createErrorFactory("NO_STUDENTS", TEAM_MESSAGES.noStudents, 409);
/** Forming again over published teams. */
export const createTeamsPublishedError = createErrorFactory("TEAMS_PUBLISHED", TEAM_MESSAGES.published, 409);
/** Changing the members of a locked team; the message names it. */
export const createTeamLockedError = createErrorFactory("TEAM_LOCKED", "The team is locked", 409);
/** A move naming a student or a team outside the project; the message names which. */
export const createInvalidTeamMoveError = createErrorFactory("INVALID_TEAM_MOVE", "Invalid move", 400);
/** A milestone that is gone or not one of the caller's projects'. */
export const createPeerMilestoneNotFoundError = createErrorFactory(
  "MILESTONE_NOT_FOUND",
  PEER_MESSAGES.milestoneNotFound,
  404,
);
/** The milestone has no peer evaluation open. */
export const createPeerEvaluationNotFoundError = createErrorFactory(
  "PEER_EVALUATION_NOT_FOUND",
  PEER_MESSAGES.notFound,
  404,
);
/** Ratings after the close date; the message gives the date. */
export const createPeerEvaluationClosedError = createErrorFactory("PEER_EVALUATION_CLOSED", "Closed", 409);
/** A student without a published team: nobody to rate. */
export const createNoPublishedTeamError = createErrorFactory("NO_TEAM", PEER_MESSAGES.noTeam, 409);
/** Ratings that do not fit the team or the scale; the message names the rating. */
export const createInvalidPeerRatingError = createErrorFactory("INVALID_PEER_RATING", "Invalid rating", 400);
/** An override for a student in no team of the project, or a comment edit of no rating. */
export const createPeerTargetNotFoundError = createErrorFactory("NOT_FOUND", "Not found", 404);
