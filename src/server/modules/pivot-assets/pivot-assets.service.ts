import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Grade } from "ts-fsrs";
import type { z } from "zod";
import { meanEffortTile } from "#shared/domain/cognitive-load.ts";
import {
  BUILT_IN_DISCIPLINES,
  CSV_COLUMNS,
  type CsvColumn,
  cardDefaults,
  disciplineValue,
  duplicatesDiscipline,
  interleave,
  localCalendar,
  localDate,
  MASTERY_AMBER,
  masteryColour,
  meanMastery,
} from "#shared/domain/pivot-assets.ts";
import {
  type CreatePivotCardInput,
  type CreateRetrievalItemInput,
  type CreateWorkedExampleInput,
  createPivotCardSchema,
  createRetrievalItemSchema,
  DEFAULT_RETENTION,
  type Discipline,
  type importResultSchema,
  PIVOT_MESSAGES,
  type PivotCard,
  type PivotStats,
  type RetrievalItem,
  type WorkedExample,
} from "#shared/schemas/pivot-assets.ts";
import type { Database } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import { readCsv, writeCsv } from "../../lib/csv.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import { containing } from "../../lib/paging.ts";
import { viewerOf } from "../../lib/policy.ts";
import { type AiProvider, AiProviderError } from "../../platform/ai/ai-provider.ts";
import { createCognitiveLoadRepository } from "../cognitive-load/cognitive-load.repository.ts";
import { projectPolicy } from "../projects/projects.policy.ts";
import { projectTable } from "../projects/projects.table.ts";
import type { ApiKeyStore } from "../settings/api-keys.ts";
import { ankiNotes, toAnki } from "./anki-export.ts";
import {
  createDisciplineDuplicateError,
  createNothingToUndoError,
  createPivotCardNotFoundError,
  createProjectNotFoundError,
  createRetrievalItemNotFoundError,
  createUnknownDisciplineError,
  createWorkedExampleNotFoundError,
} from "./pivot-assets.errors.ts";
import { pivotCardPolicy, retrievalItemPolicy, workedExamplePolicy } from "./pivot-assets.policy.ts";
import {
  type PivotCardRow,
  pivotCardTable,
  pivotDisciplineTable,
  pivotSettingTable,
  type RetrievalItemRow,
  retrievalItemTable,
  retrievalReviewTable,
  workedExampleTable,
} from "./pivot-assets.table.ts";
import {
  fromSnapshot,
  intervals,
  masterySql,
  newItemColumns,
  retrievability,
  review,
  STATE_NAMES,
  snapshot,
} from "./scheduling.ts";
import {
  buildSuggestionPrompt,
  fallbackSuggestions,
  parseSuggestions,
  type Suggestion,
} from "./suggestions.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
export const ADHERENCE_WINDOW_DAYS = 30;
/** How many times the page the due list reads before interleaving. */
const INTERLEAVE_POOL = 4;

type ItemWithCard = RetrievalItemRow & { cardTitle: string; discipline: string };

/** One card of an import: its values, the items to add, and the caller's card it duplicates. */
type ImportEntry = {
  values: Omit<typeof pivotCardTable.$inferInsert, "id" | "facultyId" | "createdAt" | "updatedAt">;
  items: CreateRetrievalItemInput[];
  existingId?: number;
};
type ImportPreviewRow = z.infer<typeof importResultSchema>["preview"][number];

const sameText = (value: string | null) => (value ?? "").trim().replace(/\s+/g, " ").toLowerCase();
/** A card of an import and one already saved are the same card: same title (case aside), same discipline. */
const importKey = (title: string, discipline: string) => `${sameText(title)}\u0000${discipline}`;
/** Two items are the same: same type, question and answer (or options and correct one), case and spacing aside. */
const itemIdentity = (item: {
  type: string;
  question: string;
  answer: string | null;
  options: string[] | null;
  correctIndex: number | null;
}) =>
  JSON.stringify([
    item.type,
    sameText(item.question),
    sameText(item.answer),
    (item.options ?? []).map(sameText),
    item.correctIndex,
  ]);

/** What a good row of the import does, as its preview says it. */
function previewStatus(
  row: { key: string; item: CreateRetrievalItemInput | undefined },
  entries: Map<string, ImportEntry>,
  skipped: ReadonlySet<CreateRetrievalItemInput>,
): Pick<ImportPreviewRow, "status" | "note"> {
  const existing = entries.get(row.key)?.existingId !== undefined;
  if (row.item && skipped.has(row.item))
    return { status: "skip", note: "Already in your Pivot Assets: this item is on this card" };
  if (row.item && existing) return { status: "add", note: "Adds this item to your existing card" };
  if (!row.item && existing)
    return { status: "skip", note: "Already in your Pivot Assets: this card exists" };
  return { status: "add", note: null };
}

export function createPivotAssetsService(deps: {
  db: Database;
  now: () => Date;
  keys: ApiKeyStore;
  provider: AiProvider;
  log: FastifyBaseLogger;
}) {
  const { db, now, keys, provider, log } = deps;

  async function disciplines(caller: Caller): Promise<Discipline[]> {
    const own = await db
      .select()
      .from(pivotDisciplineTable)
      .where(eq(pivotDisciplineTable.facultyId, caller.id))
      .orderBy(asc(pivotDisciplineTable.id));
    return [
      ...BUILT_IN_DISCIPLINES.map((d) => ({ ...d, builtIn: true })),
      ...own.map((d) => ({ value: d.value, label: d.label, builtIn: false })),
    ];
  }

  /** A discipline as sent (its value or its label, case aside) -> its value; refuses unknown ones. */
  function resolveDiscipline(sent: string, known: Discipline[]): Discipline {
    const lower = sent.trim().toLowerCase();
    const found = known.find((d) => d.value === lower || d.label.toLowerCase() === lower);
    if (!found) throw createUnknownDisciplineError();
    return found;
  }

  async function desiredRetention(caller: Caller): Promise<number> {
    const [row] = await db
      .select({ value: pivotSettingTable.desiredRetention })
      .from(pivotSettingTable)
      .where(eq(pivotSettingTable.facultyId, caller.id));
    // real is 4 bytes: round so 0.9 stays 0.9.
    return row ? Math.round(row.value * 1000) / 1000 : DEFAULT_RETENTION;
  }

  async function ownCard(id: number, caller: Caller): Promise<PivotCardRow> {
    const [row] = await db
      .select()
      .from(pivotCardTable)
      .where(and(eq(pivotCardTable.id, id), pivotCardPolicy.readable(viewerOf(caller))));
    if (!row) throw createPivotCardNotFoundError();
    return row;
  }

  async function ownProject(id: number, caller: Caller) {
    const [row] = await db
      .select()
      .from(projectTable)
      .where(and(eq(projectTable.id, id), projectPolicy.readable(viewerOf(caller))));
    if (!row) throw createProjectNotFoundError();
    return row;
  }

  /**
   * Each card's mastery (the mean of its items' mastery, #shared/domain/mastery.ts: FSRS's
   * predicted recall 30 days after the last review, 0 for an item never reviewed) and review
   * count, aggregated in the database (masterySql).
   */
  async function cardFigures(caller: Caller, cardIds: number[] | "all") {
    const recall = masterySql(retrievalItemTable);
    const rows = await db
      .select({
        cardId: retrievalItemTable.pivotCardId,
        items: count(),
        reviews: sql<number>`coalesce(sum(${retrievalItemTable.reps}), 0)::int`,
        mastery: sql<number>`avg(${recall})::float8`,
      })
      .from(retrievalItemTable)
      .where(
        and(
          eq(retrievalItemTable.facultyId, caller.id),
          cardIds === "all" ? undefined : inArray(retrievalItemTable.pivotCardId, cardIds),
        ),
      )
      .groupBy(retrievalItemTable.pivotCardId);
    const byCard = new Map(rows.map((row) => [row.cardId, row]));
    return (cardId: number) => {
      const entry = byCard.get(cardId);
      const level = Math.min(1, Math.max(0, Number(entry?.mastery ?? 0)));
      return {
        masteryLevel: level,
        masteryColour: masteryColour(level),
        retrievalCount: Number(entry?.reviews ?? 0),
        itemCount: entry?.items ?? 0,
      };
    };
  }

  function toCard(
    row: PivotCardRow,
    known: Discipline[],
    figures: ReturnType<Awaited<ReturnType<typeof cardFigures>>>,
  ): PivotCard {
    return {
      id: row.id,
      title: row.title,
      discipline: row.discipline,
      disciplineLabel: known.find((d) => d.value === row.discipline)?.label ?? row.discipline,
      definition: row.definition,
      constraints: row.constraints,
      minimalExample: row.minimalExample,
      counterExample: row.counterExample,
      misconceptions: row.misconceptions,
      projectId: row.projectId,
      createdAt: row.createdAt.toISOString().slice(0, 10),
      ...figures,
    };
  }

  async function presentCard(row: PivotCardRow, caller: Caller) {
    const [known, figures] = await Promise.all([disciplines(caller), cardFigures(caller, [row.id])]);
    return toCard(row, known, figures(row.id));
  }

  async function cardValues(input: CreatePivotCardInput, caller: Caller, known?: Discipline[]) {
    const discipline = resolveDiscipline(input.discipline, known ?? (await disciplines(caller)));
    if (input.projectId != null) await ownProject(input.projectId, caller);
    return {
      title: input.title,
      discipline: discipline.value,
      definition: input.definition,
      ...cardDefaults(input),
      projectId: input.projectId ?? null,
    };
  }

  function toItem(row: ItemWithCard, at: Date, retention: number, startOfToday?: Date): RetrievalItem {
    return {
      id: row.id,
      pivotCardId: row.pivotCardId,
      pivotCardTitle: row.cardTitle,
      discipline: row.discipline,
      type: row.type,
      question: row.question,
      answer: row.type === "flashcard" ? row.answer : null,
      options: row.type === "concept-check" ? (row.options ?? []) : null,
      correctIndex: row.type === "concept-check" ? row.correctIndex : null,
      difficulty: row.state === 0 ? null : Math.round(row.difficulty * 100) / 100,
      lastShown: row.lastReview?.toISOString() ?? null,
      nextDue: row.due.toISOString(),
      state: STATE_NAMES[row.state] ?? "new",
      reps: row.reps,
      overdue: row.state !== 0 && row.due < (startOfToday ?? at),
      retrievability: retrievability(row, at, retention),
      intervals: intervals(row, at, retention),
    };
  }

  const itemColumns = {
    item: retrievalItemTable,
    cardTitle: pivotCardTable.title,
    discipline: pivotCardTable.discipline,
  };
  const flatten = (rows: Array<{ item: RetrievalItemRow; cardTitle: string; discipline: string }>) =>
    rows.map(({ item, cardTitle, discipline }) => ({ ...item, cardTitle, discipline }));

  async function ownItem(id: number, caller: Caller, database: Database = db): Promise<ItemWithCard> {
    const [row] = await database
      .select(itemColumns)
      .from(retrievalItemTable)
      .innerJoin(pivotCardTable, eq(pivotCardTable.id, retrievalItemTable.pivotCardId))
      .where(and(eq(retrievalItemTable.id, id), retrievalItemPolicy.readable(viewerOf(caller))));
    if (!row) throw createRetrievalItemNotFoundError();
    return flatten([row])[0] as ItemWithCard;
  }

  const itemValues = (input: CreateRetrievalItemInput) =>
    input.type === "flashcard"
      ? {
          type: input.type,
          question: input.question,
          answer: input.answer,
          options: null,
          correctIndex: null,
        }
      : {
          type: input.type,
          question: input.question,
          answer: null,
          options: input.options,
          correctIndex: input.correctIndex,
        };

  async function insertItems(inputs: CreateRetrievalItemInput[], caller: Caller) {
    const cardIds = [...new Set(inputs.map((input) => input.pivotCardId))];
    const cards = await db
      .select({ id: pivotCardTable.id, title: pivotCardTable.title, discipline: pivotCardTable.discipline })
      .from(pivotCardTable)
      .where(and(inArray(pivotCardTable.id, cardIds), pivotCardPolicy.readable(viewerOf(caller))));
    if (cards.length !== cardIds.length) throw createPivotCardNotFoundError();
    const at = now();
    const rows = await db
      .insert(retrievalItemTable)
      .values(
        inputs.map((input) => ({
          facultyId: caller.id,
          pivotCardId: input.pivotCardId,
          ...itemValues(input),
          ...newItemColumns(at),
          createdAt: at,
        })),
      )
      .returning();
    const retention = await desiredRetention(caller);
    return rows.map((row) => {
      const card = cards.find((c) => c.id === row.pivotCardId);
      return toItem(
        { ...row, cardTitle: card?.title ?? "", discipline: card?.discipline ?? "" },
        at,
        retention,
      );
    });
  }

  /**
   * Import's duplicate check, after the file is parsed: a card of the same title (case aside) and
   * discipline as one of the caller's is that card (not created again), and an item equal to one
   * already on it, or to an earlier row's, is skipped. Leaves in each entry only the items to add.
   */
  async function skipDuplicates(entries: Map<string, ImportEntry>, caller: Caller) {
    const skipped = new Set<CreateRetrievalItemInput>();
    if (entries.size === 0) return { cards: 0, items: 0, skipped };
    const existing = await db
      .select({ id: pivotCardTable.id, title: pivotCardTable.title, discipline: pivotCardTable.discipline })
      .from(pivotCardTable)
      .where(pivotCardPolicy.writable(viewerOf(caller)))
      .orderBy(asc(pivotCardTable.id));
    const byKey = new Map<string, number>();
    for (const card of existing) {
      const key = importKey(card.title, card.discipline);
      if (!byKey.has(key)) byKey.set(key, card.id);
    }
    const matched = [...entries.keys()].flatMap((key) => byKey.get(key) ?? []);
    const present =
      matched.length === 0
        ? []
        : await db
            .select()
            .from(retrievalItemTable)
            .where(
              and(
                inArray(retrievalItemTable.pivotCardId, matched),
                retrievalItemPolicy.readable(viewerOf(caller)),
              ),
            );
    let cards = 0;
    for (const [key, entry] of entries) {
      const existingId = byKey.get(key);
      if (existingId !== undefined) {
        entry.existingId = existingId;
        cards += 1;
      }
      const seen = new Set(
        present.filter((row) => row.pivotCardId === existingId).map((row) => itemIdentity(row)),
      );
      entry.items = entry.items.filter((item) => {
        const identity = itemIdentity(itemValues(item));
        if (seen.has(identity)) {
          skipped.add(item);
          return false;
        }
        seen.add(identity);
        return true;
      });
    }
    return { cards, items: skipped.size, skipped };
  }

  return {
    disciplines,

    async createDiscipline(name: string, caller: Caller) {
      const known = await disciplines(caller);
      if (duplicatesDiscipline(name, known)) throw createDisciplineDuplicateError();
      try {
        const [row] = await db
          .insert(pivotDisciplineTable)
          .values({ facultyId: caller.id, value: disciplineValue(name), label: name.trim() })
          .returning();
        if (!row) throw new Error("insert returned no row");
        return {
          value: row.value,
          label: row.label,
          builtIn: false,
          message: `Discipline "${row.label}" created.`,
        };
      } catch (error) {
        if (isUniqueViolation(error)) throw createDisciplineDuplicateError();
        throw error;
      }
    },

    async listCards(caller: Caller, query: { q?: string | undefined; discipline?: string | undefined }) {
      const rows = await db
        .select()
        .from(pivotCardTable)
        .where(
          and(
            pivotCardPolicy.readable(viewerOf(caller)),
            query.discipline && query.discipline !== "all"
              ? eq(pivotCardTable.discipline, query.discipline)
              : undefined,
            query.q
              ? or(
                  ilike(pivotCardTable.title, containing(query.q)),
                  ilike(pivotCardTable.definition, containing(query.q)),
                  sql`${pivotCardTable.misconceptions}::text ilike ${containing(query.q)}`,
                )
              : undefined,
          ),
        )
        .orderBy(desc(pivotCardTable.createdAt), desc(pivotCardTable.id));
      const [known, figures] = await Promise.all([disciplines(caller), cardFigures(caller, "all")]);
      return rows.map((row) => toCard(row, known, figures(row.id)));
    },

    getCard: async (id: number, caller: Caller) => presentCard(await ownCard(id, caller), caller),

    async createCard(input: CreatePivotCardInput, caller: Caller) {
      const values = await cardValues(input, caller);
      const at = now();
      const [row] = await db
        .insert(pivotCardTable)
        .values({ ...values, facultyId: caller.id, createdAt: at, updatedAt: at })
        .returning();
      if (!row) throw new Error("insert returned no row");
      return { ...(await presentCard(row, caller)), message: PIVOT_MESSAGES.cardCreated(row.title) };
    },

    /** Several cards at once (a project's drafts): every one is checked first, then all are saved or none. */
    async createCards(inputs: CreatePivotCardInput[], caller: Caller) {
      const known = await disciplines(caller);
      const values = [];
      for (const input of inputs) values.push(await cardValues(input, caller, known));
      const at = now();
      const rows = await db
        .insert(pivotCardTable)
        .values(values.map((value) => ({ ...value, facultyId: caller.id, createdAt: at, updatedAt: at })))
        .returning();
      const figures = await cardFigures(
        caller,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toCard(row, known, figures(row.id)));
    },

    /** Attaches one's card to one's project (its students then practise it), or detaches it. */
    async setCardProject(id: number, projectId: number | null, caller: Caller) {
      await ownCard(id, caller);
      if (projectId !== null) await ownProject(projectId, caller);
      const [row] = await db
        .update(pivotCardTable)
        .set({ projectId, updatedAt: now() })
        .where(and(eq(pivotCardTable.id, id), pivotCardPolicy.writable(viewerOf(caller))))
        .returning();
      if (!row) throw createPivotCardNotFoundError();
      return presentCard(row, caller);
    },

    async updateCard(id: number, input: CreatePivotCardInput, caller: Caller) {
      await ownCard(id, caller);
      const values = await cardValues(input, caller);
      const [row] = await db
        .update(pivotCardTable)
        .set({ ...values, updatedAt: now() })
        .where(and(eq(pivotCardTable.id, id), pivotCardPolicy.writable(viewerOf(caller))))
        .returning();
      if (!row) throw createPivotCardNotFoundError();
      return presentCard(row, caller);
    },

    async deleteCard(id: number, caller: Caller) {
      const rows = await db
        .delete(pivotCardTable)
        .where(and(eq(pivotCardTable.id, id), pivotCardPolicy.writable(viewerOf(caller))))
        .returning({ id: pivotCardTable.id });
      if (rows.length === 0) throw createPivotCardNotFoundError();
    },

    /**
     * "Create pivot cards" on a project's screen: one draft per pivot concept of the project (its
     * lines, or its commas when it is one line). Nothing is saved; the screen posts the ones kept.
     */
    async draftsFromProject(projectId: number, caller: Caller) {
      const project = await ownProject(projectId, caller);
      const known = await disciplines(caller);
      const concepts = project.methodology.pivotConcepts ?? "";
      const lines = concepts.includes("\n") ? concepts.split(/\r?\n/) : concepts.split(/[,;]/);
      const discipline = known.find((d) => d.value === project.discipline)?.value ?? "other";
      return lines
        .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, "").trim())
        .filter((line) => line.length > 0)
        .slice(0, 50)
        .map((line) => {
          const [title, ...rest] = line.split(/\s*[:–—]\s+|\s+-\s+/);
          return {
            title: (title ?? line).slice(0, 200),
            discipline,
            definition: rest.join(" - ").slice(0, 5000),
            projectId: project.id,
          };
        });
    },

    /* ---- Worked examples ---- */

    async listExamples(caller: Caller, pivotCardId?: number, id?: number): Promise<WorkedExample[]> {
      const rows = await db
        .select({ example: workedExampleTable, cardTitle: pivotCardTable.title })
        .from(workedExampleTable)
        .innerJoin(pivotCardTable, eq(pivotCardTable.id, workedExampleTable.pivotCardId))
        .where(
          and(
            workedExamplePolicy.readable(viewerOf(caller)),
            pivotCardId ? eq(workedExampleTable.pivotCardId, pivotCardId) : undefined,
            id ? eq(workedExampleTable.id, id) : undefined,
          ),
        )
        .orderBy(desc(workedExampleTable.createdAt), desc(workedExampleTable.id));
      return rows.map(({ example, cardTitle }) => ({
        id: example.id,
        pivotCardId: example.pivotCardId,
        pivotCardTitle: cardTitle,
        title: example.title,
        steps: example.steps,
        selfExplanationPrompts: example.selfExplanationPrompts,
        completionProblem: example.completionProblem,
        createdAt: example.createdAt.toISOString(),
      }));
    },

    async getExample(id: number, caller: Caller) {
      const [found] = await this.listExamples(caller, undefined, id);
      if (!found) throw createWorkedExampleNotFoundError();
      return found;
    },

    async createExample(input: CreateWorkedExampleInput, caller: Caller) {
      const card = await ownCard(input.pivotCardId, caller);
      const [row] = await db
        .insert(workedExampleTable)
        .values({ ...input, facultyId: caller.id, createdAt: now() })
        .returning();
      if (!row) throw new Error("insert returned no row");
      return {
        ...input,
        id: row.id,
        pivotCardTitle: card.title,
        createdAt: row.createdAt.toISOString(),
      };
    },

    async updateExample(id: number, input: CreateWorkedExampleInput, caller: Caller) {
      const card = await ownCard(input.pivotCardId, caller);
      const [row] = await db
        .update(workedExampleTable)
        .set(input)
        .where(and(eq(workedExampleTable.id, id), workedExamplePolicy.writable(viewerOf(caller))))
        .returning();
      if (!row) throw createWorkedExampleNotFoundError();
      return { ...input, id: row.id, pivotCardTitle: card.title, createdAt: row.createdAt.toISOString() };
    },

    async deleteExample(id: number, caller: Caller) {
      const rows = await db
        .delete(workedExampleTable)
        .where(and(eq(workedExampleTable.id, id), workedExamplePolicy.writable(viewerOf(caller))))
        .returning({ id: workedExampleTable.id });
      if (rows.length === 0) throw createWorkedExampleNotFoundError();
    },

    /* ---- Retrieval items ---- */

    async listItems(caller: Caller, query: { pivotCardId?: number | undefined; tz: string }) {
      const at = now();
      const { startOfToday } = localCalendar(at, query.tz);
      const rows = await db
        .select(itemColumns)
        .from(retrievalItemTable)
        .innerJoin(pivotCardTable, eq(pivotCardTable.id, retrievalItemTable.pivotCardId))
        .where(
          and(
            retrievalItemPolicy.readable(viewerOf(caller)),
            query.pivotCardId ? eq(retrievalItemTable.pivotCardId, query.pivotCardId) : undefined,
          ),
        )
        .orderBy(asc(retrievalItemTable.due), asc(retrievalItemTable.id))
        .limit(500);
      const retention = await desiredRetention(caller);
      return flatten(rows).map((row) => toItem(row, at, retention, startOfToday));
    },

    async getItem(id: number, caller: Caller) {
      const at = now();
      return toItem(await ownItem(id, caller), at, await desiredRetention(caller));
    },

    createItem: async (input: CreateRetrievalItemInput, caller: Caller) =>
      (await insertItems([input], caller))[0] as RetrievalItem,

    /** The drafts the person accepted (Suggest items), saved together. */
    acceptItems: (inputs: CreateRetrievalItemInput[], caller: Caller) => insertItems(inputs, caller),

    async updateItem(id: number, input: CreateRetrievalItemInput, caller: Caller) {
      await ownItem(id, caller);
      await ownCard(input.pivotCardId, caller);
      const [row] = await db
        .update(retrievalItemTable)
        .set({ pivotCardId: input.pivotCardId, ...itemValues(input) })
        .where(and(eq(retrievalItemTable.id, id), retrievalItemPolicy.writable(viewerOf(caller))))
        .returning({ id: retrievalItemTable.id });
      if (!row) throw createRetrievalItemNotFoundError();
      return this.getItem(id, caller);
    },

    async deleteItem(id: number, caller: Caller) {
      const rows = await db
        .delete(retrievalItemTable)
        .where(and(eq(retrievalItemTable.id, id), retrievalItemPolicy.writable(viewerOf(caller))))
        .returning({ id: retrievalItemTable.id });
      if (rows.length === 0) throw createRetrievalItemNotFoundError();
    },

    /**
     * What is due now, interleaved by discipline ("varied contexts"): the earliest-due items
     * (INTERLEAVE_POOL times the page, read in due order off retrieval_item_due_idx) are dealt
     * round-robin by discipline: the first of every discipline, then the second of every
     * discipline, and so on, disciplines in the order of their earliest due item. `total`
     * counts everything due.
     */
    async due(caller: Caller, query: { tz: string; limit: number }) {
      const at = now();
      const { startOfToday } = localCalendar(at, query.tz);
      const where = and(eq(retrievalItemTable.facultyId, caller.id), lte(retrievalItemTable.due, at));
      const [[total], retention, rows] = await Promise.all([
        db.select({ total: count() }).from(retrievalItemTable).where(where),
        desiredRetention(caller),
        db
          .select(itemColumns)
          .from(retrievalItemTable)
          .innerJoin(pivotCardTable, eq(pivotCardTable.id, retrievalItemTable.pivotCardId))
          .where(where)
          .orderBy(asc(retrievalItemTable.due), asc(retrievalItemTable.id))
          .limit(query.limit * INTERLEAVE_POOL),
      ]);
      return {
        total: total?.total ?? 0,
        items: interleave(flatten(rows), (row) => row.discipline)
          .slice(0, query.limit)
          .map((row) => toItem(row, at, retention, startOfToday)),
      };
    },

    /**
     * Grades an item: stores the review (with the state before it) and the item's new schedule.
     * Two statements, no explicit transaction: one read (the item, its card and the person's
     * retention), then one statement that updates the item only if it still has the review count
     * and state that were read (every review adds one, an undo takes one away) and inserts the log
     * row from that update. A concurrent review of the same item makes the update match nothing:
     * the grade is then applied again to the newer state.
     */
    async review(id: number, rating: number, caller: Caller) {
      for (let attempt = 0; ; attempt++) {
        const at = now();
        const [found] = await db
          .select({ ...itemColumns, retention: pivotSettingTable.desiredRetention })
          .from(retrievalItemTable)
          .innerJoin(pivotCardTable, eq(pivotCardTable.id, retrievalItemTable.pivotCardId))
          .leftJoin(pivotSettingTable, eq(pivotSettingTable.facultyId, retrievalItemTable.facultyId))
          .where(and(eq(retrievalItemTable.id, id), retrievalItemPolicy.writable(viewerOf(caller))));
        if (!found) throw createRetrievalItemNotFoundError();
        const { item, cardTitle, discipline } = found;
        const retention =
          found.retention === null ? DEFAULT_RETENTION : Math.round(found.retention * 1000) / 1000;
        const next = review(item, rating as Grade, at, retention);
        const stamp = (value: Date | null) => (value ? value.toISOString() : null);
        const result = await db.execute(sql`
          with updated as (
            update retrieval_item set
              due = ${stamp(next.due)}::timestamptz, stability = ${next.stability}::float8,
              difficulty = ${next.difficulty}::float8, elapsed_days = ${next.elapsedDays}::int,
              scheduled_days = ${next.scheduledDays}::int, learning_steps = ${next.learningSteps}::int,
              reps = ${next.reps}::int, lapses = ${next.lapses}::int, state = ${next.state}::smallint,
              last_review = ${stamp(next.lastReview)}::timestamptz
            where id = ${item.id} and faculty_id = ${caller.id}
              and reps = ${item.reps}::int and state = ${item.state}::smallint
            returning id
          )
          insert into retrieval_review (faculty_id, item_id, rating, reviewed_at, due_at, previous_state, previous)
          select ${caller.id}, id, ${rating}::smallint, ${stamp(at)}::timestamptz, ${stamp(item.due)}::timestamptz,
            ${item.state}::smallint, ${JSON.stringify(snapshot(item))}::jsonb
          from updated
          returning id`);
        if ((result as unknown as { rows: unknown[] }).rows.length === 1)
          return toItem({ ...item, ...next, cardTitle, discipline }, at, retention);
        if (attempt >= 2) throw createRetrievalItemNotFoundError();
      }
    },

    /** Undoes the item's last review: its log row goes and the item gets back the state it had. */
    async undoLastReview(id: number, caller: Caller) {
      await db.transaction(async (tx) => {
        const [item] = await tx
          .select({ id: retrievalItemTable.id })
          .from(retrievalItemTable)
          .where(and(eq(retrievalItemTable.id, id), retrievalItemPolicy.writable(viewerOf(caller))))
          .for("update");
        if (!item) throw createRetrievalItemNotFoundError();
        const [last] = await tx
          .select()
          .from(retrievalReviewTable)
          .where(eq(retrievalReviewTable.itemId, id))
          .orderBy(desc(retrievalReviewTable.id))
          .limit(1);
        if (!last) throw createNothingToUndoError();
        await tx.delete(retrievalReviewTable).where(eq(retrievalReviewTable.id, last.id));
        await tx
          .update(retrievalItemTable)
          .set(fromSnapshot(last.previous))
          .where(eq(retrievalItemTable.id, id));
      });
      return this.getItem(id, caller);
    },

    /* ---- Settings and figures ---- */

    settings: async (caller: Caller) => ({ desiredRetention: await desiredRetention(caller) }),

    async updateSettings(value: number, caller: Caller) {
      await db
        .insert(pivotSettingTable)
        .values({ facultyId: caller.id, desiredRetention: value })
        .onConflictDoUpdate({ target: pivotSettingTable.facultyId, set: { desiredRetention: value } });
      return { desiredRetention: await desiredRetention(caller) };
    },

    /**
     * The screen's figures (docs/decisions.md, "Pivot Assets"), from the stored schedule and
     * reviews, against today in the person's time zone.
     */
    async stats(caller: Caller, tz: string): Promise<PivotStats> {
      const at = now();
      const { startOfToday, startOfTomorrow, startOfWeek } = localCalendar(at, tz);
      const windowStart = new Date(at.getTime() - ADHERENCE_WINDOW_DAYS * DAY_MS);
      const mine = eq(retrievalItemTable.facultyId, caller.id);
      const [[dueToday], [overdue], [completed], reviews, missed, cards] = await Promise.all([
        db
          .select({ n: count() })
          .from(retrievalItemTable)
          .where(
            and(
              mine,
              lt(retrievalItemTable.due, startOfTomorrow),
              or(eq(retrievalItemTable.state, 0), gte(retrievalItemTable.due, startOfToday)),
            ),
          ),
        db
          .select({ n: count() })
          .from(retrievalItemTable)
          .where(and(mine, ne(retrievalItemTable.state, 0), lt(retrievalItemTable.due, startOfToday))),
        db
          .select({ n: count() })
          .from(retrievalReviewTable)
          .where(
            and(
              eq(retrievalReviewTable.facultyId, caller.id),
              gte(retrievalReviewTable.reviewedAt, startOfWeek),
              lte(retrievalReviewTable.reviewedAt, at),
            ),
          ),
        db
          .select({ reviewedAt: retrievalReviewTable.reviewedAt, dueAt: retrievalReviewTable.dueAt })
          .from(retrievalReviewTable)
          .where(
            and(
              eq(retrievalReviewTable.facultyId, caller.id),
              ne(retrievalReviewTable.previousState, 0),
              gte(retrievalReviewTable.dueAt, windowStart),
              lte(retrievalReviewTable.dueAt, at),
            ),
          ),
        db
          .select({ n: count() })
          .from(retrievalItemTable)
          .where(
            and(
              mine,
              ne(retrievalItemTable.state, 0),
              gte(retrievalItemTable.due, windowStart),
              lt(retrievalItemTable.due, startOfToday),
            ),
          ),
        db
          .select({ id: pivotCardTable.id, title: pivotCardTable.title })
          .from(pivotCardTable)
          .where(pivotCardPolicy.readable(viewerOf(caller)))
          .orderBy(asc(pivotCardTable.createdAt), asc(pivotCardTable.id)),
      ]);
      const figures = await cardFigures(caller, "all");
      // Cognitive Load Analytics: the real mean mental effort of the caller's projects' check-ins
      // (null below 3).
      const checkIns = await createCognitiveLoadRepository(db).effort(viewerOf(caller));
      const effort = meanEffortTile(checkIns.responses, checkIns.mentalEffortSum);
      const progression = cards.map((card) => {
        const { masteryLevel, masteryColour: colour } = figures(card.id);
        return { pivotCardId: card.id, title: card.title, masteryLevel, masteryColour: colour };
      });
      const onTime = reviews.filter((r) => localDate(r.reviewedAt, tz) <= localDate(r.dueAt, tz)).length;
      const fellDue = reviews.length + (missed[0]?.n ?? 0);
      return {
        timeZone: tz,
        dueToday: dueToday?.n ?? 0,
        completedThisWeek: completed?.n ?? 0,
        overdue: overdue?.n ?? 0,
        averageMastery:
          progression.length === 0 ? null : meanMastery(progression.map((card) => card.masteryLevel)),
        retrievalAdherence: fellDue === 0 ? null : onTime / fellDue,
        retrievalAdherenceReason: fellDue === 0 ? PIVOT_MESSAGES.noAdherence : null,
        atRiskConcepts: progression.filter((card) => card.masteryLevel < MASTERY_AMBER).length,
        cognitiveLoad: effort.value,
        cognitiveLoadReason: effort.reason,
        progression,
      };
    },

    /* ---- Suggest items ---- */

    async suggest(cardId: number, caller: Caller, signal: AbortSignal) {
      const card = await ownCard(cardId, caller);
      const examples = await this.listExamples(caller, cardId);
      const fallback = fallbackSuggestions(card);
      const resolved = await keys.resolveFor(caller.id);
      if (!resolved)
        return {
          source: "template" as const,
          reason: "No AI key is configured, so built-in suggestions were made.",
          items: fallback,
        };
      let text = "";
      try {
        for await (const piece of provider.streamChat(
          resolved.apiKey,
          buildSuggestionPrompt(card, examples),
          signal,
        ))
          text += piece;
        const items: Suggestion[] = parseSuggestions(text);
        if (items.length === 0) throw new AiProviderError("The model's answer held no usable items.");
        return { source: "model" as const, reason: null, items };
      } catch (error) {
        const reason = error instanceof AiProviderError ? error.message : "The AI provider failed.";
        log.warn({ keySource: resolved.source, reason }, "Pivot item suggestions fell back to the template");
        return {
          source: "template" as const,
          reason: `${reason} Built-in suggestions were made instead.`,
          items: fallback,
        };
      }
    },

    /* ---- Import and export ---- */

    async exportCards(caller: Caller, format: "csv" | "anki") {
      const cards = await db
        .select()
        .from(pivotCardTable)
        .where(pivotCardPolicy.readable(viewerOf(caller)))
        .orderBy(asc(pivotCardTable.createdAt), asc(pivotCardTable.id));
      const items = await db
        .select()
        .from(retrievalItemTable)
        .where(retrievalItemPolicy.readable(viewerOf(caller)))
        .orderBy(asc(retrievalItemTable.id));
      const known = await disciplines(caller);
      const label = (value: string) => known.find((d) => d.value === value)?.label ?? value;
      if (format === "anki") return toAnki(ankiNotes(cards, items));
      const rows: Array<Record<CsvColumn, string>> = [];
      for (const card of cards) {
        const base = {
          title: card.title,
          discipline: label(card.discipline),
          definition: card.definition,
          constraints: card.constraints,
          minimal_example: card.minimalExample,
          counter_example: card.counterExample,
          misconceptions: card.misconceptions.join(", "),
        };
        const own = items.filter((item) => item.pivotCardId === card.id);
        if (own.length === 0)
          rows.push({ ...base, item_type: "", question: "", answer: "", options: "", correct_index: "" });
        for (const item of own)
          rows.push({
            ...base,
            item_type: item.type,
            question: item.question,
            answer: item.answer ?? "",
            options: (item.options ?? []).join(" | "),
            correct_index: item.correctIndex === null ? "" : String(item.correctIndex),
          });
      }
      return writeCsv(
        CSV_COLUMNS,
        rows.map((row) => CSV_COLUMNS.map((column) => row[column])),
      );
    },

    /**
     * Imports the export's CSV: rows with the same title and discipline make one card (the first
     * row's card fields), each row may add one item. Bad rows are reported by line and skipped;
     * good rows are kept. With `dryRun` nothing is saved.
     */
    async importCards(csv: string, dryRun: boolean, caller: Caller) {
      const errors: Array<{ line: number; message: string }> = [];
      const preview: ImportPreviewRow[] = [];
      const rows: Array<{ key: string; item: CreateRetrievalItemInput | undefined }> = [];
      let records: Array<{ line: number; cells: string[] }>;
      try {
        records = readCsv(csv);
      } catch (error) {
        const message = (error as Error).message;
        const line = Number(/^Line (\d+)/.exec(message)?.[1] ?? 1);
        return { dryRun, cards: 0, items: 0, errors: [{ line, message }], preview };
      }
      const [header, ...body] = records;
      const columns = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
      const missing = ["title", "discipline", "definition"].filter((name) => !columns.includes(name));
      if (!header || missing.length > 0)
        return {
          dryRun,
          cards: 0,
          items: 0,
          errors: [{ line: 1, message: `The header must name the columns ${CSV_COLUMNS.join(", ")}` }],
          preview,
        };
      const known = await disciplines(caller);
      const cards = new Map<string, ImportEntry>();
      const firstIssue = (issues: Array<{ message: string }>) => issues[0]?.message ?? "Invalid row";
      for (const record of body) {
        const cell = (name: string) => {
          const index = columns.indexOf(name);
          return index < 0 ? "" : (record.cells[index] ?? "");
        };
        const card = createPivotCardSchema.safeParse({
          title: cell("title"),
          discipline: cell("discipline"),
          definition: cell("definition"),
          constraints: cell("constraints"),
          minimalExample: cell("minimal_example"),
          counterExample: cell("counter_example"),
          misconceptions: cell("misconceptions"),
        });
        if (!card.success) {
          errors.push({ line: record.line, message: firstIssue(card.error.issues) });
          continue;
        }
        let values: Awaited<ReturnType<typeof cardValues>>;
        try {
          values = await cardValues(card.data, caller, known);
        } catch (error) {
          errors.push({ line: record.line, message: (error as Error).message });
          continue;
        }
        const type = cell("item_type").trim();
        let item: CreateRetrievalItemInput | undefined;
        if (type) {
          const parsed = createRetrievalItemSchema.safeParse(
            type === "concept-check"
              ? {
                  pivotCardId: 1,
                  type,
                  question: cell("question"),
                  options: cell("options")
                    .split("|")
                    .map((option) => option.trim())
                    .filter((option) => option.length > 0),
                  correctIndex: /^\d+$/.test(cell("correct_index").trim())
                    ? Number(cell("correct_index").trim())
                    : -1,
                }
              : { pivotCardId: 1, type, question: cell("question"), answer: cell("answer") },
          );
          if (!parsed.success) {
            errors.push({ line: record.line, message: firstIssue(parsed.error.issues) });
            continue;
          }
          item = parsed.data;
        }
        const key = importKey(values.title, values.discipline);
        const entry = cards.get(key) ?? { values, items: [] };
        if (item) entry.items.push(item);
        cards.set(key, entry);
        rows.push({ key, item });
        preview.push({
          line: record.line,
          title: values.title,
          discipline: values.discipline,
          itemType: item?.type ?? null,
          status: "add",
          note: null,
        });
      }
      const duplicates = await skipDuplicates(cards, caller);
      for (const [index, row] of rows.entries()) {
        const shown = preview[index];
        if (shown) Object.assign(shown, previewStatus(row, cards, duplicates.skipped));
      }
      const newCards = [...cards.values()].filter((entry) => entry.existingId === undefined).length;
      const itemCount = [...cards.values()].reduce((sum, entry) => sum + entry.items.length, 0);
      if (!dryRun && newCards + itemCount > 0) {
        const at = now();
        await db.transaction(async (tx) => {
          for (const entry of cards.values()) {
            let pivotCardId = entry.existingId;
            if (pivotCardId === undefined) {
              const [row] = await tx
                .insert(pivotCardTable)
                .values({ ...entry.values, facultyId: caller.id, createdAt: at, updatedAt: at })
                .returning({ id: pivotCardTable.id });
              if (!row) throw new Error("insert returned no row");
              pivotCardId = row.id;
            }
            if (entry.items.length > 0)
              await tx.insert(retrievalItemTable).values(
                entry.items.map((item) => ({
                  facultyId: caller.id,
                  pivotCardId,
                  ...itemValues(item),
                  ...newItemColumns(at),
                  createdAt: at,
                })),
              );
          }
        });
      }
      return {
        dryRun,
        cards: newCards,
        items: itemCount,
        duplicates: { cards: duplicates.cards, items: duplicates.items },
        errors,
        preview,
      };
    },
  };
}

export type PivotAssetsService = ReturnType<typeof createPivotAssetsService>;
