import { sql } from "drizzle-orm";
import type { RETRIEVAL_TYPES } from "#shared/schemas/pivot-assets.ts";
import { type Database, selectRows } from "../../db/client.ts";

type RetrievalType = (typeof RETRIEVAL_TYPES)[number];

/** An item students practise in a project, with what the practice screen shows of its card. */
export interface CatalogueItem {
  id: number;
  /** Its creation in epoch milliseconds: a new item is due from then (the due list's order). */
  createdAt: number;
  pivotCardId: number;
  cardTitle: string;
  discipline: string;
  type: RetrievalType;
  question: string;
  answer: string | null;
  options: string[] | null;
  correctIndex: number | null;
}

/**
 * What the students of a project practise: the items of the pivot cards its owner linked to it
 * (card.project_id = the project, card.faculty_id = its owner), oldest first, at one version of
 * the project's `practice_catalogue_version` counter.
 */
export interface Catalogue {
  projectId: number;
  projectTitle: string;
  version: number;
  /** Oldest first (creation, then id): the order new items are due in. */
  items: CatalogueItem[];
  byId: Map<number, CatalogueItem>;
  /** Each card's item ids (a card's mastery is the mean over them). */
  cardItems: Map<number, number[]>;
}

/**
 * How many items the catalogues in memory hold at most, all projects together (the least recently
 * used projects go first, never those of the batch being answered): about 10 to 20 MB of texts.
 */
const MAX_CACHED_ITEMS = 50_000;

/**
 * The projects' practice catalogues, kept in memory between requests: every student of a class
 * practises the same items, so a due list needs only the student's own schedule from the database
 * (300 students' due lists in one statement: about 10 ms on PGlite, against about 450 ms for the
 * same lists joined to the items in SQL; bench/student-practice.ts). A catalogue is read again
 * when the version the caller read with the students' enrolments (in the same statement) differs
 * from the one in memory, so a change made by another process is seen at the next request.
 */
export function createPracticeCatalogues(db: Database, { maxItems = MAX_CACHED_ITEMS } = {}) {
  const cache = new Map<number, Catalogue>();
  let cachedItems = 0;

  function forget(projectId: number) {
    const catalogue = cache.get(projectId);
    if (!catalogue) return;
    cache.delete(projectId);
    cachedItems -= catalogue.items.length;
  }

  /** Keeps a catalogue, the least recently used others going first while over the bound; those in `inUse` stay. */
  function keep(catalogue: Catalogue, inUse: ReadonlySet<number>) {
    forget(catalogue.projectId);
    for (const [oldest] of [...cache]) {
      if (cachedItems + catalogue.items.length <= maxItems) break;
      if (!inUse.has(oldest)) forget(oldest);
    }
    cache.set(catalogue.projectId, catalogue);
    cachedItems += catalogue.items.length;
  }

  /** Reads the projects' catalogues into memory, keeping those of `inUse` (the batch's) meanwhile. */
  async function load(projectIds: number[], inUse: ReadonlySet<number>) {
    const rows = await selectRows<{
      project_id: number;
      project_title: string;
      version: number | string;
      items: Array<{
        id: number;
        created_at: number | string;
        pivot_card_id: number;
        card_title: string;
        discipline: string;
        type: RetrievalType;
        question: string;
        answer: string | null;
        options: string[] | null;
        correct_index: number | null;
      }>;
    }>(
      db,
      sql`
        select project.id as project_id, project.title as project_title,
          coalesce(counter.version, 0) as version,
          coalesce((
            select json_agg(json_build_object(
              'id', item.id, 'created_at', extract(epoch from item.created_at) * 1000,
              'pivot_card_id', card.id, 'card_title', card.title, 'discipline', card.discipline,
              'type', item.type, 'question', item.question, 'answer', item.answer,
              'options', item.options, 'correct_index', item.correct_index)
              order by item.created_at, item.id)
            from pivot_card card
            join retrieval_item item on item.pivot_card_id = card.id
            where card.project_id = project.id and card.faculty_id = project.faculty_id
          ), '[]'::json) as items
        from project
        left join practice_catalogue_version counter on counter.project_id = project.id
        where project.id = any(${`{${projectIds.map((id) => Math.trunc(id)).join(",")}}`}::int[])`,
    );
    for (const row of rows) {
      const items = row.items.map(
        (item): CatalogueItem => ({
          id: Number(item.id),
          createdAt: Number(item.created_at),
          pivotCardId: Number(item.pivot_card_id),
          cardTitle: item.card_title,
          discipline: item.discipline,
          type: item.type,
          question: item.question,
          answer: item.answer,
          options: item.options,
          correctIndex: item.correct_index === null ? null : Number(item.correct_index),
        }),
      );
      const cardItems = new Map<number, number[]>();
      for (const item of items) {
        const list = cardItems.get(item.pivotCardId);
        if (list) list.push(item.id);
        else cardItems.set(item.pivotCardId, [item.id]);
      }
      const projectId = Number(row.project_id);
      keep(
        {
          projectId,
          projectTitle: row.project_title,
          version: Number(row.version),
          items,
          byId: new Map(items.map((item) => [item.id, item])),
          cardItems,
        },
        inUse,
      );
    }
  }

  return {
    /**
     * The catalogues of the projects at (at least) the versions read: those in memory at another
     * version are read again, in one statement. A project that no longer exists has none.
     */
    async at(versions: ReadonlyMap<number, number>): Promise<Map<number, Catalogue>> {
      const stale = [...versions.keys()].filter((id) => cache.get(id)?.version !== versions.get(id));
      // A project deleted meanwhile is not read back: its old catalogue must not stay.
      for (const id of stale) forget(id);
      // The batch's own catalogues are kept even above the bound (it shrinks back at later loads).
      if (stale.length > 0) await load(stale, new Set(versions.keys()));
      const found = new Map<number, Catalogue>();
      for (const id of versions.keys()) {
        const catalogue = cache.get(id);
        if (!catalogue) continue;
        found.set(id, catalogue);
        // The most recently used last, so the least recently used go first.
        cache.delete(id);
        cache.set(id, catalogue);
      }
      return found;
    },
  };
}
export type PracticeCatalogues = ReturnType<typeof createPracticeCatalogues>;
