import { newJoinCode, normaliseJoinCode } from "#shared/domain/join-code.ts";
import type {
  JoinCodeResponse,
  RemovedStudent,
  RosterEntry,
  StudentProject,
} from "#shared/schemas/enrolment.ts";
import type { Database } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import { viewerOf } from "../../lib/policy.ts";
import { createEnrolmentReadModel, type EnrolmentReadModel } from "../../read-models/enrolment.read-model.ts";
import { createProjectNotFoundError } from "../projects/projects.errors.ts";
import type { ProjectAccess } from "../projects/projects.service.ts";
import {
  createNotOnRosterError,
  createNotRemovedError,
  createRemovedByInstructorError,
  createStudentProjectNotFoundError,
  createUnknownJoinCodeError,
} from "./enrolment.errors.ts";
import { createEnrolmentRepository, type EnrolmentRepository } from "./enrolment.repository.ts";

/** Joining by code, the owner's roster, and what a student reads of their projects. */
export function createEnrolmentService(deps: {
  enrolments: EnrolmentRepository;
  reads: EnrolmentReadModel;
  projects: ProjectAccess;
}) {
  const { enrolments, reads, projects } = deps;

  /** The caller's own project (404 otherwise, like every owner route). */
  async function owned(id: number, caller: Caller) {
    const row = await projects.findReadable(id, viewerOf(caller));
    if (!row) throw createProjectNotFoundError();
    return row;
  }

  return {
    async join(typed: string, caller: Caller) {
      const code = normaliseJoinCode(typed);
      const project = code ? await reads.findOpenByCode(code) : undefined;
      if (!project) throw createUnknownJoinCodeError();
      // Removed by the owner: no code (a new one included) brings them back; re-admission does.
      if (await enrolments.isBarred(project.id, caller.id)) throw createRemovedByInstructorError();
      const joinedAt = await enrolments.enrol(project.id, caller.id);
      return { ...project, joinedAt: joinedAt.toISOString() };
    },

    async projects(caller: Caller) {
      const rows = await reads.projectsOf(caller.id);
      return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
    },

    async project(id: number, caller: Caller): Promise<StudentProject> {
      const found = await reads.enrolledProject(id, caller.id);
      if (!found) throw createStudentProjectNotFoundError();
      const { project, joinedAt } = found;
      const { cards, examples } = await reads.cardsOf(project.id, project.facultyId);
      return {
        id: project.id,
        title: project.title,
        discipline: project.discipline,
        pivotConcepts: project.methodology.pivotConcepts ?? "",
        launchBrief: project.methodology.launchApplications ?? "",
        timeline: project.methodology.timeline ?? "",
        joinedAt: joinedAt.toISOString(),
        pivotCards: cards.map((card) => ({
          id: card.id,
          title: card.title,
          discipline: card.discipline,
          definition: card.definition,
          constraints: card.constraints,
          minimalExample: card.minimalExample,
          counterExample: card.counterExample,
          misconceptions: card.misconceptions,
          workedExamples: examples
            .filter((example) => example.pivotCardId === card.id)
            .map((example) => ({
              id: example.id,
              title: example.title,
              steps: example.steps,
              selfExplanationPrompts: example.selfExplanationPrompts,
              completionProblem: example.completionProblem,
            })),
        })),
      };
    },

    async joining(id: number, caller: Caller): Promise<JoinCodeResponse> {
      const row = await owned(id, caller);
      return { joinCode: row.joinCode, joiningOpen: row.joiningOpen };
    },

    /** A new code (the old one stops working); a clash with another project's code draws again. */
    async regenerateCode(id: number, caller: Caller): Promise<JoinCodeResponse> {
      await owned(id, caller);
      for (let attempt = 0; ; attempt += 1) {
        try {
          const row = await projects.setJoinCode(id, caller.id, newJoinCode());
          if (!row) throw createProjectNotFoundError();
          return row;
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 4) throw error;
        }
      }
    },

    async setJoining(id: number, open: boolean, caller: Caller): Promise<JoinCodeResponse> {
      const row = await projects.setJoiningOpen(id, caller.id, open);
      if (!row) throw createProjectNotFoundError();
      return row;
    },

    async roster(id: number, caller: Caller): Promise<RosterEntry[]> {
      await owned(id, caller);
      const rows = await reads.roster(id);
      return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
    },

    /** Ends the student's enrolment and keeps them out until the owner re-admits them. */
    async removeFromRoster(id: number, studentId: number, caller: Caller) {
      await owned(id, caller);
      if (!(await enrolments.removeAndBar(id, studentId))) throw createNotOnRosterError();
    },

    async removedStudents(id: number, caller: Caller): Promise<RemovedStudent[]> {
      await owned(id, caller);
      const rows = await reads.removed(id);
      return rows.map((row) => ({ ...row, removedAt: row.removedAt.toISOString() }));
    },

    /** Lets a removed student back: a member again, as on their first join. */
    async readmit(id: number, studentId: number, caller: Caller): Promise<RosterEntry> {
      await owned(id, caller);
      if (!(await enrolments.readmit(id, studentId))) throw createNotRemovedError();
      const row = await reads.rosterEntry(id, studentId);
      if (!row) throw createNotRemovedError();
      return { ...row, joinedAt: row.joinedAt.toISOString() };
    },
  };
}
export type EnrolmentService = ReturnType<typeof createEnrolmentService>;

/**
 * A student's enrolments as student-data uses them (one project, the list, leaving): handed out by
 * the context as `enrolments`.
 */
export function createStudentEnrolments(db: Database) {
  const enrolments = createEnrolmentRepository(db);
  const reads = createEnrolmentReadModel(db);
  return {
    enrolledProject: reads.enrolledProject,
    projectsOf: reads.projectsOf,
    remove: enrolments.remove,
  };
}

export type StudentEnrolments = ReturnType<typeof createStudentEnrolments>;

/**
 * What the LMS bridge (a learner's launch, roster sync and grades) does with a project's enrolments
 * (the context's `lmsEnrolments`): enrol from the LMS, end the LMS enrolments of those who left, the roster.
 */
export function createLmsEnrolments(db: Database) {
  const enrolments = createEnrolmentRepository(db);
  const reads = createEnrolmentReadModel(db);
  return {
    enrolFromLms: enrolments.enrolFromLms,
    removeLmsExcept: enrolments.removeLmsExcept,
    /** Whether the owner removed the student (then no sync brings them back; re-admission does). */
    isBarred: enrolments.isBarred,
    /** The project's enrolled students: id, name, join date and source. */
    roster: reads.roster,
  };
}

export type LmsEnrolments = ReturnType<typeof createLmsEnrolments>;
