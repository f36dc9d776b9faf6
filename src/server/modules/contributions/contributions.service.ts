import { countStudents } from "#shared/domain/students.ts";
import type { Page } from "#shared/schemas/common.ts";
import type {
  Contribution,
  ContributionStatus,
  ContributionSummary,
  CreateContributionInput,
  OwnContribution,
  OwnContributionsQuery,
  ProjectContributionsQuery,
  PublicContributionInput,
} from "#shared/schemas/contributions.ts";
import { CONTRIBUTION_MESSAGES } from "#shared/schemas/contributions.ts";
import type { StudentContributionInput } from "#shared/schemas/student.ts";
import type { Database } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { viewerOf } from "../../lib/policy.ts";
import { createContributionsReadModel } from "../../read-models/contributions.read-model.ts";
import type { ProjectAccess, ProjectRow } from "../projects/projects.service.ts";
import {
  createContributionNotFoundError,
  createContributionProjectNotFoundError,
  createInvalidContributionLinkError,
} from "./contributions.errors.ts";
import { type ContributionsRepository, createContributionsRepository } from "./contributions.repository.ts";
import type { ContributionRow } from "./contributions.table.ts";

export const toContribution = (row: ContributionRow): Contribution => ({
  id: row.id,
  projectId: row.projectId,
  studentName: row.studentName,
  studentEmail: row.studentEmail,
  contributionType: row.contributionType,
  content: row.content,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

export function createContributionsService(deps: {
  contributions: ContributionsRepository;
  projects: ProjectAccess;
  db: Database;
  events: DomainEvents;
}) {
  const { contributions, projects, db, events } = deps;
  const lists = createContributionsReadModel(db);

  async function projectOfLink(token: string): Promise<ProjectRow> {
    const project = await projects.findByToken(token);
    if (!project) throw createInvalidContributionLinkError();
    return project;
  }

  /** Stores the contribution and tells the project's owner (collaboration_added). */
  async function add(project: ProjectRow, input: PublicContributionInput, submittedBy: number | null) {
    const row = await events.transaction(db, async (tx, publish) => {
      const added = await createContributionsRepository(tx).insert({
        projectId: project.id,
        projectOwnerId: project.facultyId,
        studentName: input.studentName,
        studentEmail: input.studentEmail ?? null,
        contributionType: input.contributionType,
        content: input.content,
        submittedBy,
      });
      await publish("contributionAdded", {
        facultyId: project.facultyId,
        projectId: project.id,
        contributionId: added.id,
        contributionType: added.contributionType,
        projectTitle: project.title,
        studentName: added.studentName,
        submittedBy,
      });
      return added;
    });
    return toContribution(row);
  }

  return {
    /** What the public page shows before the form: only the project's title. */
    async linkInfo(token: string) {
      const project = await projectOfLink(token);
      return { projectTitle: project.title };
    },

    async addWithLink(token: string, input: PublicContributionInput, caller: Caller | null) {
      const contribution = await add(await projectOfLink(token), input, caller?.id ?? null);
      return { id: contribution.id, message: CONTRIBUTION_MESSAGES.received };
    },

    /** Signed in: a project the caller may read, or any project whose current token is given. */
    async addSignedIn({ projectId, contributionToken, ...input }: CreateContributionInput, caller: Caller) {
      const own = await projects.findReadable(projectId, viewerOf(caller));
      const viaLink = !own && contributionToken ? await projects.findByToken(contributionToken) : undefined;
      const project = own ?? (viaLink?.id === projectId ? viaLink : undefined);
      if (!project) throw createContributionProjectNotFoundError();
      return add(project, input, caller.id);
    },

    /**
     * A signed-in student's contribution to a project they are enrolled in (the caller checks
     * the enrolment): the name and e-mail are the account's, `submitted_by` its id. The same
     * insert and analytics event as every other contribution.
     */
    addForStudent(project: ProjectRow, input: StudentContributionInput, student: Caller) {
      return add(
        project,
        { ...input, studentName: student.faculty.name, studentEmail: student.email },
        student.id,
      );
    },

    async pageForProject(
      projectId: number,
      query: ProjectContributionsQuery,
      caller: Caller,
    ): Promise<Page<Contribution>> {
      const viewer = viewerOf(caller);
      if (!(await projects.findReadable(projectId, viewer))) throw createContributionProjectNotFoundError();
      const page = await lists.pageForProject(projectId, viewer, query);
      return { items: page.rows.map(toContribution), total: page.total };
    },

    async pageOwn(query: OwnContributionsQuery, caller: Caller): Promise<Page<OwnContribution>> {
      const page = await lists.pageOwn(viewerOf(caller), caller.email, query);
      return {
        items: page.rows.map((row) => ({ ...toContribution(row), projectTitle: row.projectTitle })),
        total: page.total,
      };
    },

    async summary(projectId: number | undefined, caller: Caller): Promise<ContributionSummary> {
      const { students, ...figures } = await contributions.summary(viewerOf(caller), projectId);
      return { activeStudents: countStudents(students), ...figures };
    },

    /** The review of a contribution: its student, when signed in, is told (contributionReviewed). */
    async setStatus(id: number, status: ContributionStatus, caller: Caller) {
      const row = await events.transaction(db, async (tx, publish) => {
        const updated = await createContributionsRepository(tx).setStatus(id, viewerOf(caller), status);
        if (!updated) throw createContributionNotFoundError();
        await publish("contributionReviewed", {
          facultyId: updated.projectOwnerId,
          projectId: updated.projectId,
          contributionId: updated.id,
          status: updated.status,
          submittedBy: updated.submittedBy,
        });
        return updated;
      });
      return toContribution(row);
    },
  };
}

export type ContributionsService = ReturnType<typeof createContributionsService>;
