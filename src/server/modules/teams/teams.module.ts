import type { AppModule } from "../../context.ts";
import { createTeamSurveyRepository } from "./team-survey.repository.ts";
import { teamSurveyRoutes } from "./team-survey.routes.ts";
import { createTeamSurveyService } from "./team-survey.service.ts";
import { createTeamsRepository } from "./teams.repository.ts";
import { teamsRoutes } from "./teams.routes.ts";
import { createTeamsService } from "./teams.service.ts";

/** Teams: the team survey students answer, and the teams its project's owner forms from it. */
export const teamsModule: AppModule = (context) => {
  const { db, projects, enrolments, now } = context;
  const roster = context.lmsEnrolments.roster;
  const surveys = createTeamSurveyRepository(db);
  const survey = teamSurveyRoutes(createTeamSurveyService({ surveys, projects, enrolments, roster, now }));
  const teams = teamsRoutes(
    createTeamsService({ teams: createTeamsRepository(db), surveys, projects, enrolments, roster, now }),
  );
  return async (app) => {
    await app.register(survey);
    await app.register(teams);
  };
};
