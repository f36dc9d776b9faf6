import type { AppModule } from "../../context.ts";
import { createTeamSurveyRepository } from "./team-survey.repository.ts";
import { teamSurveyRoutes } from "./team-survey.routes.ts";
import { createTeamSurveyService } from "./team-survey.service.ts";

/** Teams: the team survey students answer, from which the project's owner forms teams. */
export const teamsModule: AppModule = (context) =>
  teamSurveyRoutes(
    createTeamSurveyService({
      surveys: createTeamSurveyRepository(context.db),
      projects: context.projects,
      enrolments: context.enrolments,
      roster: context.lmsEnrolments.roster,
      now: context.now,
    }),
  );
