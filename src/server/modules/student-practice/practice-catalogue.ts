import { sql } from "drizzle-orm";
import { PACING_DEFAULTS } from "#shared/schemas/pacing.ts";
import type { RETRIEVAL_TYPES } from "#shared/schemas/pivot-assets.ts";
import { type Database, selectRows } from "../../db/client.ts";
import type { GradingRules } from "../pivot-assets/scheduling.ts";

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
  /** How its students' reviews are scheduled (read with the items: no statement per review). */
  scheduling: CatalogueScheduling;
}

/**
 * A project's scheduling as its catalogue holds it: the fitted parameters (modules/scheduling-fit)
 * and whether the owner uses them (pacing's `fittedScheduling`), and its launch dates (the owner's
 * and its launch milestones'). The triggers of migration 0044 raise the catalogue's version when
 * any of them changes.
 */
export interface CatalogueScheduling {
  fittedScheduling: boolean;
  /** The class's fitted parameters in use (null: the defaults). */
  classWeights: readonly number[] | null;
  /** Students' own parameters in use. */
  studentWeights: Map<number, readonly number[]>;
  /** The launch date the owner set, if any. */
  ownLaunch: Date | null;
  /** The due dates of its launch milestones, earliest first. */
  launchMilestones: Date[];
}

/**
 * The project's launch at `at`, as pacingOptions.launch answers it: the owner's date while it is
 * after `at`, else the first launch milestone due after `at`, else null.
 */
export function launchAt(scheduling: CatalogueScheduling, at: Date): Date | null {
  const time = at.getTime();
  if (scheduling.ownLaunch && scheduling.ownLaunch.getTime() > time) return scheduling.ownLaunch;
  return scheduling.launchMilestones.find((date) => date.getTime() > time) ?? null;
}

/**
 * How a student's review in the project is graded at `at`: their own parameters or the class's
 * while fitted scheduling is on (the defaults otherwise), aimed at the launch.
 */
export function gradingRules(catalogue: Catalogue, studentId: number, at: Date): GradingRules {
  const { scheduling } = catalogue;
  const weights = scheduling.fittedScheduling
    ? (scheduling.studentWeights.get(studentId) ?? scheduling.classWeights)
    : null;
  return { weights, launch: launchAt(scheduling, at) };
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
      fitted_scheduling: boolean | null;
      own_launch: number | string | null;
      launches: Array<number | string> | null;
      fits: Array<{ student_id: number; parameters: number[] }> | null;
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
          pacing.fitted_scheduling, extract(epoch from pacing.launch_date) * 1000 as own_launch,
          (select json_agg(extract(epoch from milestone.due_at) * 1000 order by milestone.due_at)
            from milestone where milestone.project_id = project.id and milestone.stage = 'launch') as launches,
          (select json_agg(json_build_object('student_id', fit.student_id, 'parameters', fit.parameters))
            from scheduling_fit fit
            where fit.project_id = project.id and fit.parameters is not null) as fits,
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
        left join project_pacing pacing on pacing.project_id = project.id
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
      const studentWeights = new Map<number, readonly number[]>();
      let classWeights: readonly number[] | null = null;
      for (const fit of row.fits ?? []) {
        const weights = fit.parameters.map(Number);
        if (Number(fit.student_id) === 0) classWeights = weights;
        else studentWeights.set(Number(fit.student_id), weights);
      }
      const scheduling: CatalogueScheduling = {
        fittedScheduling: row.fitted_scheduling ?? PACING_DEFAULTS.fittedScheduling,
        classWeights,
        studentWeights,
        ownLaunch: row.own_launch === null ? null : new Date(Number(row.own_launch)),
        launchMilestones: (row.launches ?? []).map((time) => new Date(Number(time))),
      };
      keep(
        {
          projectId,
          projectTitle: row.project_title,
          version: Number(row.version),
          items,
          byId: new Map(items.map((item) => [item.id, item])),
          cardItems,
          scheduling,
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
