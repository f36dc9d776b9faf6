import { randomBytes } from "node:crypto";
import { FIELD_LABELS } from "#shared/domain/wizard.ts";
import type { Page } from "#shared/schemas/common.ts";
import type {
  CreateProjectInput,
  Methodology,
  Project,
  ProjectListItem,
  ProjectListQuery,
  UpdateProjectInput,
} from "#shared/schemas/projects.ts";
import type { Database } from "../../db/client.ts";
import { assertOwnFacultyId, type Caller } from "../../lib/access.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { viewerOf } from "../../lib/policy.ts";
import { createProjectsReadModel } from "../../read-models/projects.read-model.ts";
import type { TemplateLookup } from "../templates/templates.service.ts";
import {
  createProjectNotFoundError,
  createProjectTemplateNotFoundError,
  createProjectTemplateNotUsableError,
} from "./projects.errors.ts";
import { createProjectsRepository } from "./projects.repository.ts";
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
    joinCode: row.joinCode,
    joiningOpen: row.joiningOpen,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const PROJECT_FIELDS = ["title", "discipline", "status"] as const;

/**
 * What an update changes, compared value by value with the project as it was: its own fields, then
 * each methodology answer as `methodology.<answer>`, in the wizard's order (the project screen
 * sends the whole methodology, of which one answer may have changed).
 */
export function changedFields(before: ProjectRow, input: UpdateProjectInput): string[] {
  const own = PROJECT_FIELDS.filter((field) => input[field] !== undefined && input[field] !== before[field]);
  const { methodology } = input;
  if (!methodology) return own;
  const answers = (Object.keys(FIELD_LABELS) as Array<keyof Methodology>).filter(
    (answer) => methodology[answer] !== (before.methodology[answer] ?? ""),
  );
  return [...own, ...answers.map((answer) => `methodology.${answer}`)];
}

/** Projects; a write publishes its domain event in the same transaction (lib/domain-events.ts). */
export function createProjectsService(deps: {
  db: Database;
  templates: TemplateLookup;
  events: DomainEvents;
}) {
  const { db, templates, events } = deps;
  const projects = createProjectsRepository(db);
  const figures = createProjectsReadModel(db);

  async function readable(id: number, caller: Caller): Promise<ProjectRow> {
    const row = await projects.findReadable(id, viewerOf(caller));
    if (!row) throw createProjectNotFoundError();
    return row;
  }

  return {
    /** A page of one's projects, each with how many contributions wait for review. */
    async page(caller: Caller, query: ProjectListQuery): Promise<Page<ProjectListItem>> {
      const { rows, total } = await projects.pageReadable(viewerOf(caller), query);
      const pending = await figures.pendingCounts(rows.map((row) => row.id));
      const items = rows.map((row) => ({
        ...toProject(row),
        pendingContributions: pending.get(row.id) ?? 0,
      }));
      return { items, total };
    },

    get: async (id: number, caller: Caller) => toProject(await readable(id, caller)),

    /** The wizard's Complete: the whole methodology, optionally linked to an approved template. */
    async create(input: CreateProjectInput, caller: Caller) {
      assertOwnFacultyId(input.facultyId, caller, "A project can only be created for yourself.");
      if (input.templateId !== undefined) {
        const template = await templates.findReadable(input.templateId, viewerOf(caller));
        if (!template) throw createProjectTemplateNotFoundError();
        if (template.status !== "approved") throw createProjectTemplateNotUsableError();
      }
      const row = await events.transaction(db, async (tx, publish) => {
        const created = await createProjectsRepository(tx).insert({
          facultyId: caller.id,
          title: input.title,
          discipline: input.discipline,
          templateId: input.templateId ?? null,
          methodology: input.methodology,
          contributionToken: newContributionToken(),
        });
        await publish("projectCreated", {
          facultyId: caller.id,
          projectId: created.id,
          title: created.title,
          templateId: created.templateId,
        });
        return created;
      });
      return toProject(row);
    },

    async update(id: number, input: UpdateProjectInput, caller: Caller) {
      const before = await readable(id, caller);
      const fields = changedFields(before, input);
      const row = await events.transaction(db, async (tx, publish) => {
        const updated = await createProjectsRepository(tx).update(id, viewerOf(caller), input);
        if (!updated) throw createProjectNotFoundError();
        // A save that changes nothing is no event: Recent events says only what changed.
        if (fields.length > 0)
          await publish("projectUpdated", { facultyId: caller.id, projectId: updated.id, fields });
        return updated;
      });
      return toProject(row);
    },

    async remove(id: number, caller: Caller) {
      await events.transaction(db, async (tx, publish) => {
        if (!(await createProjectsRepository(tx).delete(id, viewerOf(caller))))
          throw createProjectNotFoundError();
        await publish("projectDeleted", { facultyId: caller.id, projectId: id });
      });
    },

    /** A new contribution link; the old one stops working at once. */
    async regenerateToken(id: number, caller: Caller) {
      const row = await projects.update(id, viewerOf(caller), { contributionToken: newContributionToken() });
      if (!row) throw createProjectNotFoundError();
      return { contributionToken: row.contributionToken };
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;

export type { ProjectRow } from "./projects.table.ts";

/**
 * What other modules may do with projects: read one the viewer may read or the project of a
 * contribution link, and (enrolment) set the owner's join code or open and close joining.
 * Handed out by the context as `projects`.
 */
export function createProjectAccess(db: Database) {
  const projects = createProjectsRepository(db);
  return {
    findReadable: projects.findReadable,
    findByToken: projects.findByToken,
    setJoinCode: projects.setJoinCode,
    setJoiningOpen: projects.setJoiningOpen,
  };
}

export type ProjectAccess = ReturnType<typeof createProjectAccess>;
