import type { z } from "zod";
import type { CreateRetrievalItemInput, importResultSchema } from "#shared/schemas/pivot-assets.ts";
import type { PivotCardValues } from "./pivot-cards.repository.ts";

/* The rules of an import's rows: when a card or an item of the file is one already saved, and what its preview says. */

/** One card of an import: its values, the items to add, and the caller's card it duplicates. */
export type ImportEntry = {
  values: PivotCardValues;
  items: CreateRetrievalItemInput[];
  existingId?: number;
};
export type ImportPreviewRow = z.infer<typeof importResultSchema>["preview"][number];

const sameText = (value: string | null) => (value ?? "").trim().replace(/\s+/g, " ").toLowerCase();
/** A card of an import and one already saved are the same card: same title (case aside), same discipline. */
export const importKey = (title: string, discipline: string) => `${sameText(title)}\u0000${discipline}`;
/** Two items are the same: same type, question and answer (or options and correct one), case and spacing aside. */
export const itemIdentity = (item: {
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
export function previewStatus(
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
