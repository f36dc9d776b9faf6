import { TEAM_SURVEY_MESSAGES } from "#shared/schemas/teams.ts";
import { createErrorFactory } from "../../lib/errors.ts";

/** The project has no team survey switched on. */
export const createTeamSurveyNotFoundError = createErrorFactory(
  "TEAM_SURVEY_NOT_FOUND",
  TEAM_SURVEY_MESSAGES.notFound,
  404,
);
/** An answer that does not fit the survey's questions; the message names the question. */
export const createInvalidTeamAnswerError = createErrorFactory("INVALID_TEAM_ANSWER", "Invalid answer", 400);
