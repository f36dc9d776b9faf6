import type { AppModule } from "../../context.ts";
import { createPeerEvaluationRepository } from "./peer-evaluation.repository.ts";
import { peerEvaluationRoutes } from "./peer-evaluation.routes.ts";
import { createPeerEvaluationService } from "./peer-evaluation.service.ts";
import { createTeamSurveyRepository } from "./team-survey.repository.ts";
import { teamSurveyRoutes } from "./team-survey.routes.ts";
import { createTeamSurveyService } from "./team-survey.service.ts";
import { createTeamsRepository } from "./teams.repository.ts";
import { teamsRoutes } from "./teams.routes.ts";
import { createTeamsService } from "./teams.service.ts";

/**
 * Teams: the team survey students answer, the teams its project's owner forms from it, and the
 * peer and self evaluation of a milestone's team work.
 */
export const teamsModule: AppModule = (context) => {
  const { db, projects, enrolments, milestones, now } = context;
  const roster = context.lmsEnrolments.roster;
  const surveys = createTeamSurveyRepository(db);
  const teams = createTeamsRepository(db);
  const routes = [
    teamSurveyRoutes(createTeamSurveyService({ surveys, projects, enrolments, roster, now })),
    teamsRoutes(createTeamsService({ teams, surveys, projects, enrolments, roster, now })),
    peerEvaluationRoutes(
      createPeerEvaluationService({
        evaluations: createPeerEvaluationRepository(db),
        membership: context.teamMembership,
        milestones,
        projects,
        enrolments,
        roster,
        teamScores: milestones.teamScores,
        now,
      }),
    ),
  ];
  return async (app) => {
    for (const part of routes) await app.register(part);
  };
};
