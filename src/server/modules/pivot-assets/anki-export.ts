import { stringify } from "csv-stringify/sync";
import type { PivotCardRow, RetrievalItemRow } from "./pivot-assets.table.ts";

/** One Anki note: the front, the back and its tags. */
export interface AnkiNote {
  front: string;
  back: string;
  tags: string[];
}

/** The header lines Anki's importer reads: tab-separated, HTML fields, tags in the third column. */
const ANKI_HEADER = ["#separator:tab", "#html:true", "#columns:Front\tBack\tTags", "#tags column:3"];

/** A field as Anki shows it with `#html:true`: HTML escaped, a line break as `<br>`, a tab as a space. */
const ankiField = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\t/g, " ")
    .replace(/\r?\n/g, "<br>");

/** A tag is one word for Anki: spaces become underscores. */
const ankiTag = (tag: string) => tag.replace(/\s+/g, "_");

/**
 * Anki's importer: its header lines, then one tab-separated line per note through csv-stringify.
 * No field needs quoting, so quoting is off: the HTML fields hold no tab, line break or double
 * quote once escaped, and the tags field starts with a discipline's value, never with a quote
 * (Anki's reader takes a field that starts with one as quoted).
 */
export function toAnki(notes: readonly AnkiNote[]): string {
  const body = stringify(
    notes.map((note) => [ankiField(note.front), ankiField(note.back), note.tags.map(ankiTag).join(" ")]),
    { delimiter: "\t", record_delimiter: "unix", quote: "" },
  );
  return `${ANKI_HEADER.join("\n")}\n${body}`;
}

/** A card's notes: the card itself (title, definition), then each item (a concept check with its lettered options). */
export function ankiNotes(cards: readonly PivotCardRow[], items: readonly RetrievalItemRow[]): AnkiNote[] {
  return cards.flatMap((card) => {
    const tags = [card.discipline, `pivot::${card.title}`];
    const own = items.filter((item) => item.pivotCardId === card.id);
    return [
      { front: card.title, back: card.definition, tags },
      ...own.map((item) =>
        item.type === "flashcard"
          ? { front: item.question, back: item.answer ?? "", tags }
          : {
              front: `${item.question}\n${(item.options ?? []).map((o, i) => `${String.fromCharCode(65 + i)}. ${o}`).join("\n")}`,
              back: (item.options ?? [])[item.correctIndex ?? 0] ?? "",
              tags,
            },
      ),
    ];
  });
}
