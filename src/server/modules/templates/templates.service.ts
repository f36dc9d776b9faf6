import { DEFAULT_TEMPLATE_COLOR, DEFAULT_TEMPLATE_ICON } from "#shared/constants.ts";
import {
  type CreateTemplateInput,
  type ExportTemplatesInput,
  type TemplateSearchQuery,
  templateListSchema,
  type UpdateTemplateInput,
} from "#shared/schemas/templates.ts";
import type { Database, Notifier } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { createForbiddenError } from "../../lib/errors.ts";
import { type Viewer, viewerOf } from "../../lib/policy.ts";
import { PreSerialized } from "../../lib/response-serializer.ts";
import {
  buildVocabulary,
  closestWord,
  respell,
  searchWords,
  type Vocabulary,
} from "../../platform/spelling/spelling.ts";
import {
  createTemplatesReadModel,
  type TemplateRecord,
  type TemplateSearch,
} from "../../read-models/templates.read-model.ts";
import {
  createTemplateNotEditableError,
  createTemplateNotFoundError,
  createTemplateNotUsableError,
  createTemplateStatusConflictError,
  createTemplatesMissingError,
} from "./templates.errors.ts";
import { buildTemplateExport } from "./templates.export.ts";
import { templatePolicy } from "./templates.policy.ts";
import { toTemplate } from "./templates.presenter.ts";
import { createTemplatesRepository } from "./templates.repository.ts";
import { TemplateSearchCache } from "./templates.search-cache.ts";
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

/** What only administrators may do with templates (lib/errors' 403 with these messages). */
const TEMPLATE_FORBIDDEN = {
  feature: "Only administrators can feature templates.",
  pendingList: "Only administrators can list pending templates.",
} as const;

/** What template search answers: a page of templates, already JSON, and how many match in all. */
export interface SearchAnswer {
  templates: PreSerialized;
  total: number;
}

/** How many search answers are kept, and for how long at most (templates.search-cache.ts). */
export const SEARCH_CACHE = { maxEntries: 500, ttlMs: 60_000 } as const;
/**
 * The words of the library per view, for typo tolerance: read again after a change to any
 * template (announced on every instance) and at the latest after 10 minutes. Reading them takes
 * about 100 ms at 10,000 templates, and only a search that matches nothing needs them.
 */
const VOCABULARY_CACHE = { maxEntries: 50, ttlMs: 600_000 } as const;

export function createTemplatesService(deps: {
  db: Database;
  events: DomainEvents;
  notifier: Notifier;
  now: () => number;
}) {
  const { db, events, notifier, now } = deps;
  const templates = createTemplatesRepository(db);
  const records = createTemplatesReadModel(db);
  const answers = new TemplateSearchCache<SearchAnswer>(notifier, { ...SEARCH_CACHE, name: "answers", now });
  const unapprovedAuthors = new TemplateSearchCache<Set<number>>(notifier, {
    ...SEARCH_CACHE,
    name: "unapproved_authors",
    maxEntries: 1,
    now,
  });

  /**
   * Whose view of the library a viewer has, as a cache key: admins all see everything, and so
   * share one view; an author with a pending or rejected template sees it too, so has their own;
   * everyone else sees the approved library, the same for all.
   */
  async function scopeOf(viewer: Viewer): Promise<string> {
    if (viewer.isAdmin) return "all";
    const authors = await unapprovedAuthors.get(
      "",
      async () => new Set(await templates.unapprovedAuthorIds()),
    );
    return authors.has(viewer.id) ? `author:${viewer.id}` : "approved";
  }

  const vocabularies = new TemplateSearchCache<Vocabulary>(notifier, {
    ...VOCABULARY_CACHE,
    name: "vocabularies",
    now,
  });
  const disciplineLists = new TemplateSearchCache<string[]>(notifier, {
    ...SEARCH_CACHE,
    name: "disciplines",
    now,
  });
  const caches = [answers, unapprovedAuthors, vocabularies, disciplineLists];
  const scoped = [answers, vocabularies, disciplineLists];

  /**
   * After a change to templates in these states (before and after): every instance forgets the
   * answers it may have changed. Templates only their author and the administrators see (pending,
   * rejected) touch those two views; anything approved touches every view.
   */
  const libraryChanged = (...changed: Array<Pick<TemplateRecord, "status" | "authorId">>) => {
    const authors = changed.map((template) => (template.status === "approved" ? null : template.authorId));
    if (changed.length === 0 || authors.includes(null)) {
      return Promise.all(caches.map((cache) => cache.changed()));
    }
    const scopes = ["all", ...new Set(authors.map((author) => `author:${author}`))];
    return Promise.all([unapprovedAuthors.changed(), ...scoped.map((cache) => cache.changed(scopes))]);
  };

  /**
   * The search with each word that no template the viewer sees holds replaced by the closest word
   * of those templates ("enzime kinetcs" finds "Enzyme Kinetics Investigation"), or
   * undefined when no word was corrected. Words and vocabulary are the viewer's view only, so a
   * correction says nothing of templates they may not see.
   */
  async function respellFor(viewer: Viewer, scope: string, q: string): Promise<string | undefined> {
    const vocabulary = await vocabularies.get(
      scope,
      async () => buildVocabulary(await templates.searchableTexts(viewer)),
      scope,
    );
    const corrections = new Map<string, string>();
    for (const word of searchWords(q)) {
      const closest = closestWord(word, vocabulary);
      if (closest) corrections.set(word, closest);
    }
    if (corrections.size === 0) return undefined;
    // A word the library holds in another form ("kinetic" for "kinetics") is no typo.
    const unmatched = new Set(await templates.unmatchedWords([...corrections.keys()], viewer));
    for (const word of corrections.keys()) if (!unmatched.has(word)) corrections.delete(word);
    return corrections.size > 0 ? respell(q, corrections) : undefined;
  }

  async function visible(id: number, caller: Caller): Promise<TemplateRecord> {
    const row = await records.findReadable(id, viewerOf(caller));
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
    start: () => Promise.all(caches.map((cache) => cache.start())),

    /** spec A §7 search; answers are shared by everyone with the same view (scopeOf) until a change. */
    async search(query: TemplateSearchQuery, caller: Caller): Promise<SearchAnswer> {
      const viewer = viewerOf(caller);
      if (query.status === "pending" && !templatePolicy.mayListPending(viewer)) {
        throw createForbiddenError(TEMPLATE_FORBIDDEN.pendingList);
      }
      const params: TemplateSearch = {
        q: query.q?.trim(),
        discipline: query.discipline,
        category: query.category,
        difficulty: query.difficulty,
        pendingOnly: query.status === "pending",
        featuredOnly: query.featuredOnly === "true",
        limit: query.limit,
      };
      const scope = await scopeOf(viewer);
      return answers.get(
        JSON.stringify([scope, params]),
        async () => {
          const { rows, total } = await records.search(params, viewer, (q) => respellFor(viewer, scope, q));
          return { templates: PreSerialized.of(templateListSchema, rows.map(toTemplate)), total };
        },
        scope,
      );
    },

    /** The disciplines of the library the caller sees (the discipline filter's options). */
    async disciplines(caller: Caller): Promise<string[]> {
      const viewer = viewerOf(caller);
      const scope = await scopeOf(viewer);
      return disciplineLists.get(scope, () => templates.disciplines(viewer), scope);
    },

    get: reload,

    /** spec A §4: an instructor's template waits for approval; an admin's is approved at once. */
    async create(input: CreateTemplateInput, caller: Caller) {
      const viewer = viewerOf(caller);
      if (input.isFeatured && !templatePolicy.mayFeature(viewer))
        throw createForbiddenError(TEMPLATE_FORBIDDEN.feature);
      const status = templatePolicy.statusOfNew(viewer);
      const id = await templates.insert({
        ...templateValues(input),
        status,
        authorId: caller.id,
        ...(status === "approved" ? { reviewedBy: caller.id, reviewedAt: new Date() } : {}),
      });
      await libraryChanged({ status, authorId: caller.id });
      return reload(id, caller);
    },

    async update(id: number, input: UpdateTemplateInput, caller: Caller) {
      const current = await editable(id, caller);
      if (input.isFeatured !== undefined && !templatePolicy.mayFeature(viewerOf(caller))) {
        throw createForbiddenError(TEMPLATE_FORBIDDEN.feature);
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
      await libraryChanged(current);
      return reload(id, caller);
    },

    async remove(id: number, caller: Caller) {
      const current = await editable(id, caller);
      if (!(await templates.delete(id, viewerOf(caller)))) throw createTemplateNotEditableError();
      await libraryChanged(current);
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
      await libraryChanged();
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
      await libraryChanged();
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
      const rows = await records.findManyReadable(ids, viewerOf(caller));
      if (rows.length !== ids.length) throw createTemplatesMissingError();
      return buildTemplateExport(rows.map(toTemplate), format);
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;

/** A template the viewer may read, for a project made from it: handed out by the context as `templates`. */
export function createTemplateLookup(db: Database) {
  return { findReadable: createTemplatesReadModel(db).findReadable };
}

export type TemplateLookup = ReturnType<typeof createTemplateLookup>;
