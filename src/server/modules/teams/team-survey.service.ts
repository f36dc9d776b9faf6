import { answerProblem, answersThatFit, normaliseCriteria } from "#shared/domain/team-survey.ts";
import type {
  OwnerTeamSurvey,
  StudentTeamSurvey,
  TeamSurvey,
  TeamSurveyAnswer,
  TeamSurveyAnswerWrite,
  TeamSurveyWrite,
} from "#shared/schemas/teams.ts";
import type { Caller } from "../../lib/access.ts";
import { viewerOf } from "../../lib/policy.ts";
import { createStudentProjectNotFoundError } from "../enrolment/enrolment.errors.ts";
import type { LmsEnrolments, StudentEnrolments } from "../enrolment/enrolment.service.ts";
import { createProjectNotFoundError } from "../projects/projects.errors.ts";
import type { ProjectAccess } from "../projects/projects.service.ts";
import type { TeamSurveyRepository } from "./team-survey.repository.ts";
import { createInvalidTeamAnswerError, createTeamSurveyNotFoundError } from "./teams.errors.ts";
import type { TeamSurveyAnswerRow, TeamSurveyRow } from "./teams.table.ts";

export const presentSurvey = (row: TeamSurveyRow): TeamSurvey => ({
  projectId: row.projectId,
  criteria: row.criteria,
  availability: row.availability,
  minSharedBlocks: row.minSharedBlocks,
  askUnderrepresented: row.askUnderrepresented,
  openedAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A student's answer as the survey now stands (answers to changed questions dropped). */
const presentAnswer = (row: TeamSurveyAnswerRow, survey: TeamSurveyRow): TeamSurveyAnswer => ({
  answers: answersThatFit(survey.criteria, row.answers),
  availability: survey.availability ? row.availability : [],
  underrepresented: survey.askUnderrepresented ? row.underrepresented : null,
  answeredAt: row.answeredAt.toISOString(),
});

/**
 * The team survey: the project's owner switches it on with the questions teams are formed by, sees
 * who answered, and switches it off; an enrolled student reads it and answers (again, as often as
 * they like, until teams are formed).
 */
export function createTeamSurveyService(deps: {
  surveys: TeamSurveyRepository;
  projects: ProjectAccess;
  enrolments: StudentEnrolments;
  roster: LmsEnrolments["roster"];
  now: () => Date;
}) {
  const { surveys, projects, enrolments, roster, now } = deps;

  async function owned(projectId: number, caller: Caller) {
    if (!(await projects.findReadable(projectId, viewerOf(caller)))) throw createProjectNotFoundError();
  }

  async function enrolled(projectId: number, caller: Caller) {
    if (!(await enrolments.enrolledProject(projectId, caller.id))) throw createStudentProjectNotFoundError();
  }

  return {
    async forOwner(projectId: number, caller: Caller): Promise<OwnerTeamSurvey> {
      await owned(projectId, caller);
      const [survey, answers, students] = await Promise.all([
        surveys.survey(projectId),
        surveys.answers(projectId),
        roster(projectId),
      ]);
      const answered = new Set(answers.map((answer) => answer.studentId));
      return {
        survey: survey ? presentSurvey(survey) : null,
        answered: students.filter((student) => answered.has(student.studentId)).length,
        enrolled: students.length,
        waitingFor: survey
          ? students
              .filter((student) => !answered.has(student.studentId))
              .map((student) => ({ id: student.studentId, name: student.name }))
          : [],
      };
    },

    async save(projectId: number, input: TeamSurveyWrite, caller: Caller): Promise<TeamSurvey> {
      await owned(projectId, caller);
      const at = now();
      const saved = await surveys.saveSurvey({
        projectId,
        criteria: normaliseCriteria(input.criteria),
        availability: input.availability,
        minSharedBlocks: input.availability ? input.minSharedBlocks : 0,
        askUnderrepresented: input.askUnderrepresented,
        updatedAt: at,
      });
      return presentSurvey(saved);
    },

    async remove(projectId: number, caller: Caller): Promise<void> {
      await owned(projectId, caller);
      if (!(await surveys.deleteSurvey(projectId))) throw createTeamSurveyNotFoundError();
    },

    async forStudent(projectId: number, caller: Caller): Promise<StudentTeamSurvey> {
      await enrolled(projectId, caller);
      const [survey, answer] = await Promise.all([
        surveys.survey(projectId),
        surveys.answer(projectId, caller.id),
      ]);
      return {
        survey: survey ? presentSurvey(survey) : null,
        answer: survey && answer ? presentAnswer(answer, survey) : null,
      };
    },

    async answer(projectId: number, input: TeamSurveyAnswerWrite, caller: Caller): Promise<TeamSurveyAnswer> {
      await enrolled(projectId, caller);
      const survey = await surveys.survey(projectId);
      if (!survey) throw createTeamSurveyNotFoundError();
      const problem = answerProblem(survey.criteria, input.answers);
      if (problem) throw createInvalidTeamAnswerError(problem);
      const saved = await surveys.saveAnswer({
        projectId,
        studentId: caller.id,
        answers: input.answers,
        availability: survey.availability ? [...new Set(input.availability)].sort((a, b) => a - b) : [],
        underrepresented: survey.askUnderrepresented ? (input.underrepresented ?? null) : null,
        answeredAt: now(),
      });
      return presentAnswer(saved, survey);
    },
  };
}

export type TeamSurveyService = ReturnType<typeof createTeamSurveyService>;
