import { DEFAULT_TEMPLATE_COLOR, DEFAULT_TEMPLATE_ICON } from "#shared/constants.ts";
import type {
  CreateTemplateInput,
  ExportTemplatesInput,
  TemplateSearchQuery,
  UpdateTemplateInput,
} from "#shared/schemas/templates.ts";
import type { Database } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { viewerOf } from "../../lib/policy.ts";
import {
  createFeatureForbiddenError,
  createPendingListForbiddenError,
  createTemplateNotEditableError,
  createTemplateNotFoundError,
  createTemplateNotUsableError,
  createTemplateStatusConflictError,
  createTemplatesMissingError,
} from "./templates.errors.ts";
import { buildTemplateExport } from "./templates.export.ts";
import { templatePolicy } from "./templates.policy.ts";
import { toTemplate } from "./templates.presenter.ts";
import { createTemplatesRepository, type TemplateRecord } from "./templates.repository.ts";
import type { NewTemplateRow } from "./templates.table.ts";

/** The searchable text of a template's lists (phases first: they say what students do). */
export function searchTextOf(input: Pick<CreateTemplateInput, "template" | "learningOutcomes">): string {
  return [
    ...input.template.phases,
    ...input.template.deliverables,
    ...input.template.tools,
    ...input.learningOutcomes,
  ].join("\n");
}

/** A validated template input as table values. */
export function templateValues(input: CreateTemplateInput): Omit<NewTemplateRow, "status" | "authorId"> {
  return {
    name: input.name,
    description: input.description,
    discipline: input.discipline,
    category: input.category,
    difficultyLevel: input.difficultyLevel,
    isFeatured: input.isFeatured ?? false,
    estimatedDuration: input.estimatedDuration,
    color: input.color ?? DEFAULT_TEMPLATE_COLOR,
    icon: input.icon ?? DEFAULT_TEMPLATE_ICON,
    content: input.template,
    learningOutcomes: input.learningOutcomes,
    implementationTips: input.implementationTips,
    searchText: searchTextOf(input),
  };
}

export function createTemplatesService(deps: { db: Database; events: DomainEvents }) {
  const { db, events } = deps;
  const templates = createTemplatesRepository(db);

  async function visible(id: number, caller: Caller): Promise<TemplateRecord> {
    const row = await templates.findReadable(id, viewerOf(caller));
    if (!row) throw createTemplateNotFoundError();
    return row;
  }

  /** A template the caller may read and change: 404 when they may not read it, 403 when not change it. */
  async function editable(id: number, caller: Caller): Promise<TemplateRecord> {
    const row = await visible(id, caller);
    if (!templatePolicy.mayChange(viewerOf(caller), row)) throw createTemplateNotEditableError();
    return row;
  }

  const reload = async (id: number, caller: Caller) => toTemplate(await visible(id, caller));

  return {
    async search(query: TemplateSearchQuery, caller: Caller) {
      if (query.status === "pending" && !templatePolicy.mayListPending(viewerOf(caller))) {
        throw createPendingListForbiddenError();
      }
      const { rows, total } = await templates.search(
        {
          q: query.q,
          discipline: query.discipline,
          category: query.category,
          difficulty: query.difficulty,
          pendingOnly: query.status === "pending",
          featuredOnly: query.featuredOnly === "true",
          limit: query.limit,
        },
        viewerOf(caller),
      );
      return { templates: rows.map(toTemplate), total };
    },

    get: reload,

    /** spec A §4: an instructor's template waits for approval; an admin's is approved at once. */
    async create(input: CreateTemplateInput, caller: Caller) {
      const viewer = viewerOf(caller);
      if (input.isFeatured && !templatePolicy.mayFeature(viewer)) throw createFeatureForbiddenError();
      const status = templatePolicy.statusOfNew(viewer);
      const id = await templates.insert({
        ...templateValues(input),
        status,
        authorId: caller.id,
        ...(status === "approved" ? { reviewedBy: caller.id, reviewedAt: new Date() } : {}),
      });
      return reload(id, caller);
    },

    async update(id: number, input: UpdateTemplateInput, caller: Caller) {
      const current = await editable(id, caller);
      if (input.isFeatured !== undefined && !templatePolicy.mayFeature(viewerOf(caller))) {
        throw createFeatureForbiddenError();
      }
      const merged: CreateTemplateInput = {
        name: input.name ?? current.name,
        description: input.description ?? current.description,
        discipline: (input.discipline ?? current.discipline) as CreateTemplateInput["discipline"],
        category: (input.category ?? current.category) as CreateTemplateInput["category"],
        difficultyLevel: (input.difficultyLevel ??
          current.difficultyLevel) as CreateTemplateInput["difficultyLevel"],
        estimatedDuration: input.estimatedDuration ?? current.estimatedDuration,
        template: input.template ?? current.content,
        learningOutcomes: input.learningOutcomes ?? current.learningOutcomes,
        implementationTips: input.implementationTips ?? current.implementationTips,
        color: input.color ?? current.color,
        icon: input.icon ?? current.icon,
        isFeatured: input.isFeatured ?? current.isFeatured,
      };
      if (!(await templates.update(id, viewerOf(caller), templateValues(merged)))) {
        throw createTemplateNotEditableError();
      }
      return reload(id, caller);
    },

    async remove(id: number, caller: Caller) {
      await editable(id, caller);
      if (!(await templates.delete(id, viewerOf(caller)))) throw createTemplateNotEditableError();
    },

    async approve(id: number, caller: Caller) {
      const row = await visible(id, caller);
      if (row.status === "approved")
        throw createTemplateStatusConflictError("The template is already approved.");
      await templates.setStatus(id, viewerOf(caller), "approved", {
        rejectionReason: null,
        reviewedBy: caller.id,
        reviewedAt: new Date(),
      });
      return reload(id, caller);
    },

    async reject(id: number, reason: string | undefined, caller: Caller) {
      const row = await visible(id, caller);
      if (row.status === "rejected")
        throw createTemplateStatusConflictError("The template is already rejected.");
      await templates.setStatus(id, viewerOf(caller), "rejected", {
        rejectionReason: reason || null,
        isFeatured: false,
        reviewedBy: caller.id,
        reviewedAt: new Date(),
      });
      return reload(id, caller);
    },

    /** Records template_used and says where the wizard opens (spec A §2). */
    async use(id: number, caller: Caller) {
      const row = await visible(id, caller);
      if (row.status !== "approved") throw createTemplateNotUsableError();
      // Nothing else is written: the event's own transaction holds the analytics row.
      await events.transaction(db, (_tx, publish) =>
        publish("templateUsed", { facultyId: caller.id, templateId: row.id, templateName: row.name }),
      );
      return { redirectTo: `/methodology-wizard?mode=create-project&templateId=${row.id}` };
    },

    async export({ templateIds, format }: ExportTemplatesInput, caller: Caller) {
      const ids = [...new Set(templateIds)];
      const rows = await templates.findManyReadable(ids, viewerOf(caller));
      if (rows.length !== ids.length) throw createTemplatesMissingError();
      return buildTemplateExport(rows.map(toTemplate), format);
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
