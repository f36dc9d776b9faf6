import type { CreateRetrievalItemInput, RetrievalItem } from "#shared/schemas/pivot-assets.ts";
import type { Caller } from "../../lib/access.ts";
import { viewerOf } from "../../lib/policy.ts";
import { createPivotCardNotFoundError, createRetrievalItemNotFoundError } from "./pivot-assets.errors.ts";
import type { PivotCardsRepository } from "./pivot-cards.repository.ts";
import type { PivotCardRules } from "./pivot-cards.service.ts";
import type { ItemValues, ItemWithCard, RetrievalItemsRepository } from "./retrieval-items.repository.ts";
import type { SchedulingService } from "./scheduling.service.ts";

/** An item's question fields as sent: a flashcard has an answer, a concept check options and the correct one. */
export const itemValues = (input: CreateRetrievalItemInput): ItemValues =>
  input.type === "flashcard"
    ? { type: input.type, question: input.question, answer: input.answer, options: null, correctIndex: null }
    : {
        type: input.type,
        question: input.question,
        answer: null,
        options: input.options,
        correctIndex: input.correctIndex,
      };

/** An item as the screen shows it, with its schedule at `at` (schedule.view). */
export function presentItem(row: ItemWithCard, view: ReturnType<SchedulingService["view"]>): RetrievalItem {
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
    reps: row.reps,
    ...view,
  };
}

/** Retrieval items: the questions on one's cards (their schedule is the scheduling service's). */
export function createRetrievalItemsService(deps: {
  items: RetrievalItemsRepository;
  cards: PivotCardsRepository;
  rules: Pick<PivotCardRules, "ownCard" | "desiredRetention">;
  scheduling: SchedulingService;
  now: () => Date;
}) {
  const { items, cards, rules, scheduling, now } = deps;

  async function ownItem(id: number, caller: Caller): Promise<ItemWithCard> {
    const row = await items.item(viewerOf(caller), id);
    if (!row) throw createRetrievalItemNotFoundError();
    return row;
  }

  async function getItem(id: number, caller: Caller) {
    const at = now();
    const row = await ownItem(id, caller);
    return presentItem(row, scheduling.view(row, at, await rules.desiredRetention(caller)));
  }

  async function insertItems(inputs: CreateRetrievalItemInput[], caller: Caller) {
    const cardIds = [...new Set(inputs.map((input) => input.pivotCardId))];
    const found = await cards.labels(viewerOf(caller), cardIds);
    if (found.length !== cardIds.length) throw createPivotCardNotFoundError();
    const at = now();
    const rows = await items.insert(
      viewerOf(caller),
      inputs.map((input) => ({
        pivotCardId: input.pivotCardId,
        ...itemValues(input),
        ...scheduling.newSchedule(at),
      })),
      at,
    );
    const retention = await rules.desiredRetention(caller);
    return rows.map((row) => {
      const card = found.find((c) => c.id === row.pivotCardId);
      return presentItem(
        { ...row, cardTitle: card?.title ?? "", discipline: card?.discipline ?? "" },
        scheduling.view(row, at, retention),
      );
    });
  }

  return {
    getItem,

    async listItems(caller: Caller, query: { pivotCardId?: number | undefined; tz: string }) {
      const at = now();
      const [rows, retention] = await Promise.all([
        items.list(viewerOf(caller), query.pivotCardId),
        rules.desiredRetention(caller),
      ]);
      const overdueBefore = scheduling.overdueBefore(at, query.tz);
      return rows.map((row) => presentItem(row, scheduling.view(row, at, retention, overdueBefore)));
    },

    createItem: async (input: CreateRetrievalItemInput, caller: Caller) =>
      (await insertItems([input], caller))[0] as RetrievalItem,

    /** The drafts the person accepted (Suggest items), saved together. */
    acceptItems: (inputs: CreateRetrievalItemInput[], caller: Caller) => insertItems(inputs, caller),

    async updateItem(id: number, input: CreateRetrievalItemInput, caller: Caller) {
      await ownItem(id, caller);
      await rules.ownCard(input.pivotCardId, caller);
      const changed = await items.update(viewerOf(caller), id, {
        pivotCardId: input.pivotCardId,
        ...itemValues(input),
      });
      if (!changed) throw createRetrievalItemNotFoundError();
      return getItem(id, caller);
    },

    async deleteItem(id: number, caller: Caller) {
      if (!(await items.delete(viewerOf(caller), id))) throw createRetrievalItemNotFoundError();
    },
  };
}
export type RetrievalItemsService = ReturnType<typeof createRetrievalItemsService>;
