import { randomBytes } from "node:crypto";
import type { CreateProjectInput, Project, UpdateProjectInput } from "#shared/schemas/projects.ts";
import type { Caller } from "../../lib/access.ts";
import { isAdminRole } from "../../lib/access.ts";
import { createForbiddenError } from "../../lib/errors.ts";
import type { AnalyticsService } from "../analytics/analytics.service.ts";
import type { DashboardService } from "../dashboard/dashboard.service.ts";
import type { TemplatesRepository } from "../templates/templates.repository.ts";
import {
  createProjectNotFoundError,
  createProjectTemplateNotFoundError,
  createProjectTemplateNotUsableError,
} from "./projects.errors.ts";
import type { ProjectsRepository } from "./projects.repository.ts";
import type { ProjectRow } from "./projects.table.ts";

/** The secret of a contribution link: 24 random bytes, base64url (unguessable). */
const newContributionToken = () => randomBytes(24).toString("base64url");

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    facultyId: row.facultyId,
    title: row.title,
    discipline: row.discipline,
    status: row.status,
    templateId: row.templateId,
    methodology: row.methodology,
    contributionToken: row.contributionToken,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createProjectsService(deps: {
  projects: ProjectsRepository;
  templates: TemplatesRepository;
  analytics: AnalyticsService;
  dashboard: DashboardService;
}) {
  const { projects, templates, analytics, dashboard } = deps;

  async function owned(id: number, caller: Caller): Promise<ProjectRow> {
    const row = await projects.findOwned(id, caller.id);
    if (!row) throw createProjectNotFoundError();
    return row;
  }

  return {
    listFor: async (facultyId: number) => (await projects.listFor(facultyId)).map(toProject),

    get: async (id: number, caller: Caller) => toProject(await owned(id, caller)),

    /** The wizard's Complete (issue 4): the whole methodology, optionally linked to an approved template. */
    async create(input: CreateProjectInput, caller: Caller) {
      if (input.facultyId !== undefined && input.facultyId !== caller.id) {
        throw createForbiddenError("A project can only be created for yourself.");
      }
      if (input.templateId !== undefined) {
        const template = await templates.findVisible(input.templateId, {
          id: caller.id,
          isAdmin: isAdminRole(caller.role),
        });
        if (!template) throw createProjectTemplateNotFoundError();
        if (template.status !== "approved") throw createProjectTemplateNotUsableError();
      }
      const row = await projects.insert({
        facultyId: caller.id,
        title: input.title,
        discipline: input.discipline,
        templateId: input.templateId ?? null,
        methodology: input.methodology,
        contributionToken: newContributionToken(),
      });
      dashboard.changed(caller.id);
      await analytics.record(caller.id, "project_created", {
        projectId: row.id,
        title: row.title,
        templateId: row.templateId,
      });
      return toProject(row);
    },

    async update(id: number, input: UpdateProjectInput, caller: Caller) {
      await owned(id, caller);
      const row = await projects.update(id, caller.id, input);
      if (!row) throw createProjectNotFoundError();
      dashboard.changed(caller.id);
      const fields = Object.entries(input)
        .filter(([, value]) => value !== undefined)
        .map(([key]) => key)
        .sort();
      await analytics.record(caller.id, "project_updated", { projectId: row.id, fields });
      return toProject(row);
    },

    async remove(id: number, caller: Caller) {
      if (!(await projects.delete(id, caller.id))) throw createProjectNotFoundError();
      dashboard.changed(caller.id);
    },

    /** A new contribution link; the old one stops working at once. */
    async regenerateToken(id: number, caller: Caller) {
      await owned(id, caller);
      const row = await projects.update(id, caller.id, { contributionToken: newContributionToken() });
      if (!row) throw createProjectNotFoundError();
      return { contributionToken: row.contributionToken };
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
