import {
  BUILT_IN_DISCIPLINES,
  cardDefaults,
  disciplineValue,
  duplicatesDiscipline,
  masteryColour,
} from "#shared/domain/pivot-assets.ts";
import {
  type CreatePivotCardInput,
  DEFAULT_RETENTION,
  type Discipline,
  PIVOT_MESSAGES,
  type PivotCard,
} from "#shared/schemas/pivot-assets.ts";
import type { AppContext } from "../../context.ts";
import type { Caller } from "../../lib/access.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import { viewerOf } from "../../lib/policy.ts";
import {
  createDisciplineDuplicateError,
  createPivotCardNotFoundError,
  createProjectNotFoundError,
  createUnknownDisciplineError,
} from "./pivot-assets.errors.ts";
import type { PivotCardRow } from "./pivot-assets.table.ts";
import type { PivotCardsRepository } from "./pivot-cards.repository.ts";
import type { RetrievalItemsRepository } from "./retrieval-items.repository.ts";

export type CardFigures = Pick<PivotCard, "masteryLevel" | "masteryColour" | "retrievalCount" | "itemCount">;

/**
 * Cards, disciplines and settings: the rules every other part of Pivot Assets builds on (a card
 * of one's own, a known discipline, the desired retention, a card as the screen shows it).
 */
export function createPivotCardsService(deps: {
  cards: PivotCardsRepository;
  items: RetrievalItemsRepository;
  /** A project of the person's: to attach a card, to draft cards from its pivot concepts. */
  projects: Pick<AppContext["projects"], "findReadable">;
  now: () => Date;
}) {
  const { cards, items, projects, now } = deps;

  async function disciplines(caller: Caller): Promise<Discipline[]> {
    const own = await cards.disciplines(viewerOf(caller));
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
    const value = await cards.desiredRetention(viewerOf(caller));
    // real is 4 bytes: round so 0.9 stays 0.9.
    return value === undefined ? DEFAULT_RETENTION : Math.round(value * 1000) / 1000;
  }

  async function ownCard(id: number, caller: Caller): Promise<PivotCardRow> {
    const row = await cards.card(viewerOf(caller), id);
    if (!row) throw createPivotCardNotFoundError();
    return row;
  }

  async function ownProject(id: number, caller: Caller) {
    const row = await projects.findReadable(id, viewerOf(caller));
    if (!row) throw createProjectNotFoundError();
    return row;
  }

  /**
   * Each card's mastery (the mean of its items' mastery, #shared/domain/mastery.ts: FSRS's
   * predicted recall 30 days after the last review, 0 for an item never reviewed) and review
   * count, aggregated in the database.
   */
  async function cardFigures(caller: Caller, cardIds: number[] | "all") {
    const rows = await items.cardFigures(viewerOf(caller), cardIds);
    const byCard = new Map(rows.map((row) => [row.cardId, row]));
    return (cardId: number): CardFigures => {
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

  function toCard(row: PivotCardRow, known: Discipline[], figures: CardFigures): PivotCard {
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

  return {
    /** The rules the other parts of Pivot Assets share. */
    rules: { ownCard, desiredRetention, cardFigures, cardValues },

    disciplines,

    async createDiscipline(name: string, caller: Caller) {
      const known = await disciplines(caller);
      if (duplicatesDiscipline(name, known)) throw createDisciplineDuplicateError();
      try {
        const row = await cards.insertDiscipline(viewerOf(caller), disciplineValue(name), name.trim());
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
      const rows = await cards.list(viewerOf(caller), query);
      const [known, figures] = await Promise.all([disciplines(caller), cardFigures(caller, "all")]);
      return rows.map((row) => toCard(row, known, figures(row.id)));
    },

    getCard: async (id: number, caller: Caller) => presentCard(await ownCard(id, caller), caller),

    async createCard(input: CreatePivotCardInput, caller: Caller) {
      const values = await cardValues(input, caller);
      const [row] = await cards.insert(viewerOf(caller), [values], now());
      if (!row) throw new Error("insert returned no row");
      return { ...(await presentCard(row, caller)), message: PIVOT_MESSAGES.cardCreated(row.title) };
    },

    /** Several cards at once (a project's drafts): every one is checked first, then all are saved or none. */
    async createCards(inputs: CreatePivotCardInput[], caller: Caller) {
      const known = await disciplines(caller);
      const values = [];
      for (const input of inputs) values.push(await cardValues(input, caller, known));
      const rows = await cards.insert(viewerOf(caller), values, now());
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
      const row = await cards.update(viewerOf(caller), id, { projectId }, now());
      if (!row) throw createPivotCardNotFoundError();
      return presentCard(row, caller);
    },

    async updateCard(id: number, input: CreatePivotCardInput, caller: Caller) {
      await ownCard(id, caller);
      const values = await cardValues(input, caller);
      const row = await cards.update(viewerOf(caller), id, values, now());
      if (!row) throw createPivotCardNotFoundError();
      return presentCard(row, caller);
    },

    async deleteCard(id: number, caller: Caller) {
      if (!(await cards.delete(viewerOf(caller), id))) throw createPivotCardNotFoundError();
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

    settings: async (caller: Caller) => ({ desiredRetention: await desiredRetention(caller) }),

    async updateSettings(value: number, caller: Caller) {
      await cards.saveDesiredRetention(viewerOf(caller), value);
      return { desiredRetention: await desiredRetention(caller) };
    },
  };
}
export type PivotCardsService = ReturnType<typeof createPivotCardsService>;
export type PivotCardRules = PivotCardsService["rules"];
