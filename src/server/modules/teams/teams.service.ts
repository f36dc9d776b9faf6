import { randomInt } from "node:crypto";
import { formTeams, scoreTeams, sizeNote, teamSizes } from "#shared/domain/team-formation.ts";
import type { TeamCriterion as FormationCriterion, TeamStudent } from "#shared/domain/team-scores.ts";
import { answersThatFit } from "#shared/domain/team-survey.ts";
import {
  type StudentTeam,
  TEAM_MESSAGES,
  type TeamFormWrite,
  type TeamMoveInput,
  type TeamsView,
  type TeamUpdateInput,
} from "#shared/schemas/teams.ts";
import type { Database } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import { writeCsv } from "../../lib/csv.ts";
import { viewerOf } from "../../lib/policy.ts";
import { createStudentProjectNotFoundError } from "../enrolment/enrolment.errors.ts";
import type { LmsEnrolments, StudentEnrolments } from "../enrolment/enrolment.service.ts";
import { createProjectNotFoundError } from "../projects/projects.errors.ts";
import type { ProjectAccess } from "../projects/projects.service.ts";
import type { TeamSurveyRepository } from "./team-survey.repository.ts";
import {
  createInvalidTeamMoveError,
  createNoStudentsError,
  createNoTeamsError,
  createTeamLockedError,
  createTeamNotFoundError,
  createTeamsPublishedError,
} from "./teams.errors.ts";
import { createTeamsRepository, type TeamsRepository } from "./teams.repository.ts";

/** Empty teams for the owner to fill by hand, as many as formation would make. */
function manualTeams(count: number, size: number) {
  const sizes = teamSizes(count, size);
  return { teams: sizes.map(() => ({ members: [] as number[] })), note: sizeNote(count, size, sizes) };
}

/**
 * Teams of a project: formed from the team survey's answers (shared/domain/team-formation.ts),
 * at random, or by hand; edited by moving students, locked, published to the students. Scores are
 * worked out when read, so they follow every move and every changed answer. Students who left the
 * project stay in their team's rows but are not shown or scored; students who joined after the
 * teams were formed are listed as unassigned.
 */
export function createTeamsService(deps: {
  teams: TeamsRepository;
  surveys: TeamSurveyRepository;
  projects: ProjectAccess;
  enrolments: StudentEnrolments;
  roster: LmsEnrolments["roster"];
  now: () => Date;
}) {
  const { teams, surveys, projects, enrolments, roster, now } = deps;
  const membership = createTeamMembershipOf(teams);

  async function owned(projectId: number, caller: Caller) {
    const project = await projects.findReadable(projectId, viewerOf(caller));
    if (!project) throw createProjectNotFoundError();
    return project;
  }

  /** The enrolled students as team formation reads them, with the survey's questions and constraints. */
  async function classOf(projectId: number) {
    const [students, survey, answers] = await Promise.all([
      roster(projectId),
      surveys.survey(projectId),
      surveys.answers(projectId),
    ]);
    const answerOf = new Map(answers.map((answer) => [answer.studentId, answer]));
    const criteria: FormationCriterion[] = (survey?.criteria ?? []).map((criterion) => ({
      id: criterion.id,
      label: criterion.title,
      kind: criterion.kind,
      mode: criterion.mode,
      weight: criterion.weight,
      ...(criterion.scale ? { scale: criterion.scale } : {}),
    }));
    const classStudents: TeamStudent[] = students.map((student) => {
      const answer = answerOf.get(student.studentId);
      return {
        id: student.studentId,
        answers: answer && survey ? answersThatFit(survey.criteria, answer.answers) : {},
        ...(answer && survey?.availability && answer.availability.length > 0
          ? { availability: answer.availability }
          : {}),
        ...(answer?.underrepresented && survey?.askUnderrepresented ? { underrepresented: true } : {}),
      };
    });
    return {
      students,
      classStudents,
      criteria,
      constraints: {
        minSharedBlocks: survey?.availability ? survey.minSharedBlocks : 0,
        noLoneUnderrepresented: survey?.askUnderrepresented ?? false,
      },
    };
  }

  async function view(projectId: number): Promise<TeamsView> {
    const [plan, rows, members, group] = await Promise.all([
      teams.plan(projectId),
      teams.teams(projectId),
      teams.members(projectId),
      classOf(projectId),
    ]);
    const nameOf = new Map(group.students.map((student) => [student.studentId, student.name]));
    const membersOf = rows.map((row) =>
      members
        .filter((member) => member.teamId === row.id && nameOf.has(member.studentId))
        .map((member) => member.studentId)
        .sort((a, b) => (nameOf.get(a) ?? "").localeCompare(nameOf.get(b) ?? "")),
    );
    const scored = scoreTeams(group.classStudents, group.criteria, membersOf, group.constraints);
    const placed = new Set(membersOf.flat());
    const withMembers = scored.teams.filter((team) => team.members.length > 0);
    const person = (studentId: number) => ({ id: studentId, name: nameOf.get(studentId) ?? "" });
    return {
      plan: plan
        ? {
            size: plan.size,
            method: plan.method,
            note: plan.note,
            formedAt: plan.formedAt.toISOString(),
            publishedAt: plan.publishedAt?.toISOString() ?? null,
          }
        : null,
      score:
        withMembers.length > 0
          ? {
              min: Math.min(...withMembers.map((team) => team.score)),
              mean: withMembers.reduce((sum, team) => sum + team.score, 0) / withMembers.length,
            }
          : null,
      teams: rows.map((row, index) => ({
        id: row.id,
        name: row.name,
        locked: row.locked,
        score: scored.teams[index]?.score ?? 1,
        lowered: scored.teams[index]?.lowered ?? [],
        members: (membersOf[index] ?? []).map(person),
      })),
      unassigned: group.students
        .filter((student) => !placed.has(student.studentId))
        .map((student) => person(student.studentId)),
    };
  }

  /** The owner's team `teamId` (404 for another's), with its project. */
  async function ownedTeam(teamId: number, caller: Caller) {
    const team = await teams.team(teamId);
    if (!team) throw createTeamNotFoundError();
    await owned(team.projectId, caller).catch(() => {
      throw createTeamNotFoundError();
    });
    return team;
  }

  return {
    async view(projectId: number, caller: Caller): Promise<TeamsView> {
      await owned(projectId, caller);
      return view(projectId);
    },

    /**
     * Forms the teams again: locked teams keep their members and the others are replaced. By
     * criteria or at random, sizes as even as possible (the plan's note says when the class does not
     * divide); "manual" makes the empty teams for the owner to fill.
     */
    async form(projectId: number, input: TeamFormWrite, caller: Caller): Promise<TeamsView> {
      await owned(projectId, caller);
      const plan = await teams.plan(projectId);
      if (plan?.publishedAt) throw createTeamsPublishedError();
      const [group, rows, members] = await Promise.all([
        classOf(projectId),
        teams.teams(projectId),
        teams.members(projectId),
      ]);
      const lockedIds = new Set(rows.filter((row) => row.locked).map((row) => row.id));
      const inLocked = new Set(
        members.filter((member) => lockedIds.has(member.teamId)).map((member) => member.studentId),
      );
      const students = group.classStudents.filter((student) => !inLocked.has(student.id));
      if (students.length === 0) throw createNoStudentsError();
      const seed = input.seed ?? randomInt(2_147_483_647);
      const formation =
        input.method === "manual"
          ? manualTeams(students.length, input.size)
          : formTeams({
              students,
              criteria: group.criteria,
              size: input.size,
              seed,
              options: {
                method: input.method,
                minSharedBlocks: group.constraints.minSharedBlocks,
                noLoneUnderrepresented:
                  input.noLoneUnderrepresented ?? group.constraints.noLoneUnderrepresented,
              },
            });
      const note = formation.note ?? null;
      await teams.replaceUnlocked(
        { projectId, size: input.size, method: input.method, note, formedAt: now(), publishedAt: null },
        formation.teams.map((team, index) => ({
          name: `Team ${lockedIds.size + index + 1}`,
          members: team.members,
        })),
      );
      return view(projectId);
    },

    async update(teamId: number, input: TeamUpdateInput, caller: Caller): Promise<TeamsView> {
      const team = await ownedTeam(teamId, caller);
      await teams.update(teamId, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.locked !== undefined ? { locked: input.locked } : {}),
      });
      return view(team.projectId);
    },

    /** A student into a team of the project, or out of every team; locked teams keep theirs. */
    async move(projectId: number, input: TeamMoveInput, caller: Caller): Promise<TeamsView> {
      await owned(projectId, caller);
      const [students, rows, members] = await Promise.all([
        roster(projectId),
        teams.teams(projectId),
        teams.members(projectId),
      ]);
      if (!students.some((student) => student.studentId === input.studentId)) {
        throw createInvalidTeamMoveError(TEAM_MESSAGES.notEnrolled);
      }
      const target = input.teamId === null ? null : rows.find((row) => row.id === input.teamId);
      if (target === undefined) throw createInvalidTeamMoveError(TEAM_MESSAGES.teamOfAnotherProject);
      const from = rows.find(
        (row) => row.id === members.find((member) => member.studentId === input.studentId)?.teamId,
      );
      if (from?.id !== target?.id) {
        const locked = [from, target].find((team) => team?.locked);
        if (locked) throw createTeamLockedError(TEAM_MESSAGES.locked(locked.name));
      }
      await teams.move(projectId, input.studentId, target?.id ?? null);
      return view(projectId);
    },

    async publish(projectId: number, published: boolean, caller: Caller): Promise<TeamsView> {
      await owned(projectId, caller);
      if (!(await teams.plan(projectId))) throw createNoTeamsError();
      await teams.setPublished(projectId, published ? now() : null);
      return view(projectId);
    },

    async remove(projectId: number, caller: Caller): Promise<void> {
      await owned(projectId, caller);
      if (!(await teams.removeAll(projectId))) throw createNoTeamsError();
    },

    /** The teams as CSV: one row per student (team, student), the unassigned last. */
    async csv(projectId: number, caller: Caller): Promise<{ csv: string; title: string }> {
      const project = await owned(projectId, caller);
      const current = await view(projectId);
      if (!current.plan) throw createNoTeamsError();
      const rows = [
        ...current.teams.flatMap((team) => team.members.map((member) => [team.name, member.name])),
        ...current.unassigned.map((student) => ["", student.name]),
      ];
      return { csv: writeCsv(["Team", "Student"], rows, { bom: true }), title: project.title };
    },

    /** The student's team and teammates, once the teams are published. */
    async forStudent(projectId: number, caller: Caller): Promise<StudentTeam> {
      if (!(await enrolments.enrolledProject(projectId, caller.id)))
        throw createStudentProjectNotFoundError();
      const [found, students] = await Promise.all([
        membership.publishedTeamOf(projectId, caller.id),
        roster(projectId),
      ]);
      if (!found) return { team: null };
      const nameOf = new Map(students.map((student) => [student.studentId, student.name]));
      return {
        team: {
          name: found.name,
          members: found.memberIds
            .filter((id) => nameOf.has(id))
            .map((id) => ({ id, name: nameOf.get(id) ?? "" }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        },
      };
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;

/** A team as other modules see it: its name and the ids of its members. */
export interface TeamMembership {
  id: number;
  name: string;
  memberIds: number[];
}

/**
 * What other modules ask about teams (milestones' team submissions): a student's team counts for
 * them only once the project's teams are published; the owner's views take every team as it is.
 */
export const createTeamMembership = (db: Database) => createTeamMembershipOf(createTeamsRepository(db));

function createTeamMembershipOf(teams: TeamsRepository) {
  return {
    /** The student's team in the project, once the teams are published; otherwise undefined. */
    async publishedTeamOf(projectId: number, studentId: number): Promise<TeamMembership | undefined> {
      const plan = await teams.plan(projectId);
      if (!plan?.publishedAt) return undefined;
      const found = await teams.teamOf(projectId, studentId);
      return found && { id: found.team.id, name: found.team.name, memberIds: found.memberIds };
    },

    /** Every team of the project in its order, published or not (for the owner). */
    async teamsOf(projectId: number): Promise<TeamMembership[]> {
      const [rows, members] = await Promise.all([teams.teams(projectId), teams.members(projectId)]);
      return rows.map((team) => ({
        id: team.id,
        name: team.name,
        memberIds: members.filter((member) => member.teamId === team.id).map((member) => member.studentId),
      }));
    },
  };
}

export type TeamMemberships = ReturnType<typeof createTeamMembership>;
