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
