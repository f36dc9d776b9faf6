import type { CheckInInput } from "#shared/schemas/cognitive-load.ts";
import type { Page } from "#shared/schemas/common.ts";
import {
  STUDENT_MESSAGES,
  type StudentContributionInput,
  type StudentContributionsQuery,
  type StudentExport,
  type StudentOwnCheckIn,
  type StudentOwnContribution,
} from "#shared/schemas/student.ts";
import type { Caller } from "../../lib/access.ts";
import { createUnauthenticatedError } from "../../lib/errors.ts";
import type { StudentDataReadModel } from "../../read-models/student-data.read-model.ts";
import { verifyPassword } from "../auth/password.ts";
import type { SessionStore } from "../auth/session.store.ts";
import type { CognitiveLoadService } from "../cognitive-load/cognitive-load.service.ts";
import type { ContributionsService } from "../contributions/contributions.service.ts";
import type { DashboardService } from "../dashboard/dashboard.service.ts";
import { createStudentProjectNotFoundError } from "../enrolment/enrolment.errors.ts";
import type { StudentEnrolments } from "../enrolment/enrolment.service.ts";
import type { FacultyAccounts } from "../faculty/faculty.service.ts";
import { createDeletionPasswordError } from "./student-data.errors.ts";

type CheckInRow = Awaited<ReturnType<StudentDataReadModel["checkInsPage"]>>["rows"][number];
type ContributionRow = Awaited<ReturnType<StudentDataReadModel["contributionsPage"]>>["rows"][number];

const toOwnContribution = (row: ContributionRow): StudentOwnContribution => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});
const toOwnCheckIn = (row: CheckInRow): StudentOwnCheckIn => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A student's contributions and check-ins signed in and their data:
 * leaving a project, the download of everything they entered, and deleting their account. Every
 * write to a project needs an enrolment in it (404 otherwise, as for reading it).
 */
export function createStudentDataService(deps: {
  data: StudentDataReadModel;
  enrolments: StudentEnrolments;
  contributions: ContributionsService;
  checkIns: CognitiveLoadService;
  faculty: FacultyAccounts;
  sessions: SessionStore;
  dashboard: DashboardService;
  now: () => Date;
}) {
  const { data, enrolments, contributions, checkIns, faculty, sessions, dashboard, now } = deps;

  async function enrolledProject(projectId: number, caller: Caller) {
    const found = await enrolments.enrolledProject(projectId, caller.id);
    if (!found) throw createStudentProjectNotFoundError();
    return found.project;
  }

  return {
    async contribute(
      projectId: number,
      input: StudentContributionInput,
      caller: Caller,
    ): Promise<StudentOwnContribution> {
      const project = await enrolledProject(projectId, caller);
      const added = await contributions.addForStudent(project, input, caller);
      return {
        id: added.id,
        projectId: project.id,
        projectTitle: project.title,
        contributionType: added.contributionType,
        content: added.content,
        status: added.status,
        createdAt: added.createdAt,
      };
    },

    async contributionsOf(
      query: StudentContributionsQuery,
      caller: Caller,
    ): Promise<Page<StudentOwnContribution>> {
      const page = await data.contributionsPage(caller.id, query.projectId, query);
      return { items: page.rows.map(toOwnContribution), total: page.total };
    },

    async checkIn(projectId: number, input: CheckInInput, caller: Caller): Promise<StudentOwnCheckIn> {
      const project = await enrolledProject(projectId, caller);
      const row = await checkIns.addForStudent(project, input, caller.id);
      return toOwnCheckIn({ ...row, projectTitle: project.title });
    },

    async checkInsOf(
      window: { limit: number; offset: number },
      caller: Caller,
    ): Promise<Page<StudentOwnCheckIn>> {
      const page = await data.checkInsPage(caller.id, window);
      return { items: page.rows.map(toOwnCheckIn), total: page.total };
    },

    /** Leaves a project: the enrolment and the practice in it go (enrolment repository, one transaction). */
    async leave(projectId: number, caller: Caller) {
      if (!(await enrolments.remove(projectId, caller.id))) throw createStudentProjectNotFoundError();
    },

    async exportAll(caller: Caller): Promise<StudentExport> {
      const [{ account, contributions: sent, checkIns: answered, reviews }, projects] = await Promise.all([
        data.everything(caller.id),
        enrolments.projectsOf(caller.id),
      ]);
      if (!account) throw createUnauthenticatedError();
      return {
        exportedAt: now().toISOString(),
        account: { ...account, createdAt: account.createdAt.toISOString() },
        projects: projects.map((project) => ({
          id: project.id,
          title: project.title,
          joinedAt: project.joinedAt.toISOString(),
        })),
        reviews: reviews.map((review) => ({ ...review, reviewedAt: review.reviewedAt.toISOString() })),
        contributions: sent.map(toOwnContribution),
        checkIns: answered.map(toOwnCheckIn),
      };
    },

    /**
     * Deletes the caller's account once the password confirms it (an account without a password:
     * its e-mail address typed again) (repository: contributions and
     * check-ins anonymised, the rest cascades), then ends every session of it at once, cached
     * ones included; the owners whose contributions changed get fresh dashboard figures.
     */
    async deleteAccount(password: string, caller: Caller) {
      const row = await faculty.findById(caller.id);
      if (row?.passwordHash === null) {
        if (password.trim().toLowerCase() !== row.email) {
          throw createDeletionPasswordError(STUDENT_MESSAGES.emailConfirmationWrong);
        }
      } else if (!row || !(await verifyPassword(row.passwordHash, password))) {
        throw createDeletionPasswordError();
      }
      const owners = await data.deleteStudent(caller.id);
      await sessions.revokeAllFor(caller.id);
      for (const owner of owners) await dashboard.changed(owner);
    },
  };
}

export type StudentDataService = ReturnType<typeof createStudentDataService>;
