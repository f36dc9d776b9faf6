import { addDays } from "date-fns";
import { isOutsideRange, projectRange, suggestMilestones } from "#shared/domain/milestones.ts";
import type {
  DueMilestone,
  Milestone,
  MilestoneWrite,
  StudentMilestone,
  SuggestedMilestone,
} from "#shared/schemas/milestones.ts";
import type { Database } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import { viewerOf } from "../../lib/policy.ts";
import { createStudentProjectNotFoundError } from "../enrolment/enrolment.errors.ts";
import type { StudentEnrolments } from "../enrolment/enrolment.service.ts";
import type { FacultyAccounts } from "../faculty/faculty.service.ts";
import { createProjectNotFoundError } from "../projects/projects.errors.ts";
import type { ProjectAccess, ProjectRow } from "../projects/projects.service.ts";
import type { TeamMemberships } from "../teams/teams.service.ts";
import {
  createMilestoneNotFoundError,
  createRubricNotFoundError,
  createTeamSubmissionLockedError,
} from "./milestones.errors.ts";
import { createMilestonesRepository, type MilestonesRepository } from "./milestones.repository.ts";
import type { MilestoneRow } from "./milestones.table.ts";

/** What is due soon on a student's list: due within these days, or overdue and not handed in. */
export const DUE_SOON_DAYS = 14;

/** A project's range in its owner's time zone (the creation day is the owner's day). */
async function rangeOf(project: ProjectRow, accounts: FacultyAccounts) {
  const owner = await accounts.findById(project.facultyId);
  return projectRange(project.createdAt, project.methodology.timeline ?? "", owner?.timeZone ?? "UTC");
}

export function presentMilestone(row: MilestoneRow, outsideRange: boolean): Milestone {
  return {
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    stage: row.stage,
    dueAt: row.dueAt.toISOString(),
    description: row.description,
    deliverables: row.deliverables,
    rubricId: row.rubricId,
    teamSubmission: row.teamSubmission,
    closedAt: row.closedAt?.toISOString() ?? null,
    feedbackReleasedAt: row.feedbackReleasedAt?.toISOString() ?? null,
    outsideRange,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentForStudent(row: MilestoneRow, submitted: Set<number>): StudentMilestone {
  return {
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    stage: row.stage,
    dueAt: row.dueAt.toISOString(),
    description: row.description,
    deliverables: row.deliverables,
    closed: row.closedAt !== null,
    submitted: submitted.has(row.id),
    feedbackReleased: row.feedbackReleasedAt !== null,
  };
}

/** A project's timeline: the owner's milestones and suggestions, the students' read-only view and due list. */
export function createMilestonesService(deps: {
  milestones: MilestonesRepository;
  projects: ProjectAccess;
  enrolments: StudentEnrolments;
  accounts: FacultyAccounts;
  teamMembership: TeamMemberships;
  now: () => Date;
}) {
  const { milestones, projects, enrolments, accounts, teamMembership, now } = deps;

  /** The student's published teams in these projects: a teammate's hand-in counts as theirs. */
  async function teamIdsOf(studentId: number, projectIds: number[]) {
    const teams = await Promise.all(
      [...new Set(projectIds)].map((projectId) => teamMembership.publishedTeamOf(projectId, studentId)),
    );
    return teams.flatMap((team) => (team ? [team.id] : []));
  }

  /** The caller's own project (404 otherwise, like every owner route). */
  async function owned(projectId: number, caller: Caller) {
    const project = await projects.findReadable(projectId, viewerOf(caller));
    if (!project) throw createProjectNotFoundError();
    return project;
  }

  /** A milestone of the caller's project, with the project (404 otherwise). */
  async function ownedMilestone(id: number, caller: Caller) {
    const row = await milestones.find(id);
    const project = row && (await projects.findReadable(row.projectId, viewerOf(caller)));
    if (!row || !project) throw createMilestoneNotFoundError();
    return { row, project };
  }

  async function valuesOf(input: MilestoneWrite, caller: Caller, closedAt: Date | null) {
    if (input.rubricId !== null && !(await milestones.ownsRubric(input.rubricId, caller.id)))
      throw createRubricNotFoundError();
    return {
      title: input.title,
      stage: input.stage,
      dueAt: new Date(input.dueAt),
      description: input.description,
      deliverables: input.deliverables,
      rubricId: input.rubricId,
      closedAt: input.closed === undefined ? closedAt : input.closed ? (closedAt ?? now()) : null,
      ...(input.teamSubmission === undefined ? {} : { teamSubmission: input.teamSubmission }),
    };
  }

  return {
    async list(projectId: number, caller: Caller): Promise<Milestone[]> {
      const project = await owned(projectId, caller);
      const [rows, range] = await Promise.all([
        milestones.listByProject(project.id),
        rangeOf(project, accounts),
      ]);
      return rows.map((row) => presentMilestone(row, isOutsideRange(row.dueAt, range)));
    },

    async create(projectId: number, input: MilestoneWrite, caller: Caller): Promise<Milestone> {
      const project = await owned(projectId, caller);
      const row = await milestones.insert(project.id, await valuesOf(input, caller, null));
      return presentMilestone(row, isOutsideRange(row.dueAt, await rangeOf(project, accounts)));
    },

    async update(id: number, input: MilestoneWrite, caller: Caller): Promise<Milestone> {
      const { row: current, project } = await ownedMilestone(id, caller);
      const switching = input.teamSubmission !== undefined && input.teamSubmission !== current.teamSubmission;
      // Versions are numbered per student or per team: work handed in one way cannot become the other.
      if (switching && (await milestones.hasSubmissions(id))) throw createTeamSubmissionLockedError();
      const row = await milestones.update(id, await valuesOf(input, caller, current.closedAt), now());
      if (!row) throw createMilestoneNotFoundError();
      return presentMilestone(row, isOutsideRange(row.dueAt, await rangeOf(project, accounts)));
    },

    async delete(id: number, caller: Caller): Promise<void> {
      await ownedMilestone(id, caller);
      if (!(await milestones.delete(id))) throw createMilestoneNotFoundError();
    },

    /** Suggestions from the project's methodology, due in the caller's time zone; nothing is saved. */
    async suggest(projectId: number, caller: Caller): Promise<SuggestedMilestone[]> {
      const project = await owned(projectId, caller);
      const account = await accounts.findById(caller.id);
      return suggestMilestones(project.methodology, { now: now(), timeZone: account?.timeZone ?? "UTC" });
    },

    /** An enrolled project's timeline as the student reads it (404 when not enrolled); a team's work counts for each member. */
    async forStudent(projectId: number, caller: Caller): Promise<StudentMilestone[]> {
      const found = await enrolments.enrolledProject(projectId, caller.id);
      if (!found) throw createStudentProjectNotFoundError();
      const rows = await milestones.listByProject(found.project.id);
      const submitted = await milestones.submittedBy(
        caller.id,
        rows.map((row) => row.id),
        await teamIdsOf(caller.id, rows.some((row) => row.teamSubmission) ? [found.project.id] : []),
      );
      return rows.map((row) => presentForStudent(row, submitted));
    },

    /** Open milestones across the student's projects due within 14 days, or overdue and not handed in. */
    async dueForStudent(caller: Caller): Promise<DueMilestone[]> {
      const projectsOf = await enrolments.projectsOf(caller.id);
      const titles = new Map(projectsOf.map((project) => [project.id, project.title]));
      const at = now();
      const rows = await milestones.openDueBy([...titles.keys()], addDays(at, DUE_SOON_DAYS));
      const teamMilestones = rows.filter((row) => row.teamSubmission);
      const submitted = await milestones.submittedBy(
        caller.id,
        rows.map((row) => row.id),
        await teamIdsOf(
          caller.id,
          teamMilestones.map((row) => row.projectId),
        ),
      );
      return rows
        .filter((row) => row.dueAt >= at || !submitted.has(row.id))
        .map((row) => ({
          ...presentForStudent(row, submitted),
          projectTitle: titles.get(row.projectId) ?? "",
        }));
    },
  };
}

export type MilestonesService = ReturnType<typeof createMilestonesService>;

/** A milestone as other modules read it (the context's `milestones`): its project, title and due date, its teams' scores. */
export function createMilestoneLookup(db: Database) {
  const milestones = createMilestonesRepository(db);
  return {
    async find(id: number) {
      const row = await milestones.find(id);
      return row
        ? {
            id: row.id,
            projectId: row.projectId,
            title: row.title,
            dueAt: row.dueAt,
            teamSubmission: row.teamSubmission,
          }
        : undefined;
    },

    /** The project's first launch milestone due after `at` (its id, title and due date), if any. */
    async nextLaunch(projectId: number, at: Date) {
      const row = await milestones.nextLaunch(projectId, at);
      return row ? { id: row.id, title: row.title, dueAt: row.dueAt } : undefined;
    },

    /** The project's current milestone: the first not closed, due next after `at` (with its deliverables). */
    async current(projectId: number, at: Date) {
      const row = await milestones.current(projectId, at);
      return row
        ? { id: row.id, title: row.title, dueAt: row.dueAt, deliverables: row.deliverables }
        : undefined;
    },

    /**
     * Adds a pivot-stage milestone to the project (the caller has checked that it is the caller's),
     * as a pacing suggestion applied in one click: open, without a rubric, handed in per student.
     */
    async addPivotMilestone(
      projectId: number,
      values: { title: string; dueAt: Date; description: string; deliverables: string[] },
    ) {
      const row = await milestones.insert(projectId, {
        ...values,
        stage: "pivot",
        rubricId: null,
        closedAt: null,
      });
      return { id: row.id, title: row.title, dueAt: row.dueAt, deliverables: row.deliverables };
    },

    /**
     * Each team's score for the milestone (0 to 100): the final assessment of its latest version;
     * a team whose latest version is not finally scored has none yet.
     */
    async teamScores(milestoneId: number): Promise<Map<number, number>> {
      const scores = new Map<number, number>();
      const seen = new Set<number>();
      for (const row of await milestones.teamVersions(milestoneId)) {
        if (row.teamId === null || seen.has(row.teamId)) continue;
        seen.add(row.teamId);
        if (row.status === "final" && row.score !== null) scores.set(row.teamId, row.score);
      }
      return scores;
    },
  };
}

export type MilestoneLookup = ReturnType<typeof createMilestoneLookup>;
