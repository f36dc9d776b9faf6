import { CSV_COLUMNS, type CsvColumn } from "#shared/domain/pivot-assets.ts";
import {
  type CreateRetrievalItemInput,
  createPivotCardSchema,
  createRetrievalItemSchema,
} from "#shared/schemas/pivot-assets.ts";
import type { Caller } from "../../lib/access.ts";
import { readCsv, writeCsv } from "../../lib/csv.ts";
import { viewerOf } from "../../lib/policy.ts";
import { ankiNotes, toAnki } from "./anki-export.ts";
import {
  type ImportEntry,
  type ImportPreviewRow,
  importKey,
  itemIdentity,
  previewStatus,
} from "./card-import.ts";
import type { PivotCardsRepository, PivotCardValues } from "./pivot-cards.repository.ts";
import type { PivotCardRules, PivotCardsService } from "./pivot-cards.service.ts";
import type { RetrievalItemsRepository } from "./retrieval-items.repository.ts";
import { itemValues } from "./retrieval-items.service.ts";
import type { SchedulingService } from "./scheduling.service.ts";

/** Import and export of one's cards and items: the CSV (lib/csv.ts) and Anki's file (anki-export.ts). */
export function createCardTransferService(deps: {
  cards: PivotCardsRepository;
  items: RetrievalItemsRepository;
  rules: Pick<PivotCardRules, "cardValues">;
  disciplines: PivotCardsService["disciplines"];
  scheduling: SchedulingService;
  now: () => Date;
}) {
  const { cards, items, rules, disciplines, scheduling, now } = deps;

  /**
   * Import's duplicate check, after the file is parsed: a card of the same title (case aside) and
   * discipline as one of the caller's is that card (not created again), and an item equal to one
   * already on it, or to an earlier row's, is skipped. Leaves in each entry only the items to add.
   */
  async function skipDuplicates(entries: Map<string, ImportEntry>, caller: Caller) {
    const skipped = new Set<CreateRetrievalItemInput>();
    if (entries.size === 0) return { cards: 0, items: 0, skipped };
    const existing = await cards.writableLabels(viewerOf(caller));
    const byKey = new Map<string, number>();
    for (const card of existing) {
      const key = importKey(card.title, card.discipline);
      if (!byKey.has(key)) byKey.set(key, card.id);
    }
    const matched = [...entries.keys()].flatMap((key) => byKey.get(key) ?? []);
    const present = await items.ofCards(viewerOf(caller), matched);
    let matchedCards = 0;
    for (const [key, entry] of entries) {
      const existingId = byKey.get(key);
      if (existingId !== undefined) {
        entry.existingId = existingId;
        matchedCards += 1;
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
    return { cards: matchedCards, items: skipped.size, skipped };
  }

  return {
    async exportCards(caller: Caller, format: "csv" | "anki") {
      const ownCards = await cards.inOrder(viewerOf(caller));
      const ownItems = await items.inOrder(viewerOf(caller));
      const known = await disciplines(caller);
      const label = (value: string) => known.find((d) => d.value === value)?.label ?? value;
      if (format === "anki") return toAnki(ankiNotes(ownCards, ownItems));
      const rows: Array<Record<CsvColumn, string>> = [];
      for (const card of ownCards) {
        const base = {
          title: card.title,
          discipline: label(card.discipline),
          definition: card.definition,
          constraints: card.constraints,
          minimal_example: card.minimalExample,
          counter_example: card.counterExample,
          misconceptions: card.misconceptions.join(", "),
        };
        const own = ownItems.filter((item) => item.pivotCardId === card.id);
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
      const entries = new Map<string, ImportEntry>();
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
        let values: PivotCardValues;
        try {
          values = await rules.cardValues(card.data, caller, known);
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
        const entry = entries.get(key) ?? { values, items: [] };
        if (item) entry.items.push(item);
        entries.set(key, entry);
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
      const duplicates = await skipDuplicates(entries, caller);
      for (const [index, row] of rows.entries()) {
        const shown = preview[index];
        if (shown) Object.assign(shown, previewStatus(row, entries, duplicates.skipped));
      }
      const newCards = [...entries.values()].filter((entry) => entry.existingId === undefined).length;
      const itemCount = [...entries.values()].reduce((sum, entry) => sum + entry.items.length, 0);
      if (!dryRun && newCards + itemCount > 0) {
        const at = now();
        await items.importCards(
          viewerOf(caller),
          [...entries.values()].map((entry) => ({
            ...entry,
            items: entry.items.map((item) => ({ ...itemValues(item), ...scheduling.newSchedule(at) })),
          })),
          at,
        );
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
export type CardTransferService = ReturnType<typeof createCardTransferService>;
