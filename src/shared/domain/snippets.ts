// Search snippets as parts: ts_headline marks the matched words with two control characters that
// extracted text never holds (normaliseText removes them); the snippet is the headline cut at
// them into text parts and marked parts. It is never HTML: the client shows each part as text,
// a marked one inside <mark>, so a `<script>` in a document stays the letters "<script>". Pure:
// no I/O.

/** What the search asks ts_headline to put around a matched word. */
export const MARK_START = "\u0001";
export const MARK_STOP = "\u0002";

/** A stretch of a snippet's text, and whether it is a matched word (or words). */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

/**
 * The characters the full-text parser reads in place of `<`, `>` and `&` (which it would take for
 * markup: passages.table.ts), turned back.
 */
const UNMASK: Record<string, string> = { "\u0003": "<", "\u0004": ">", "\u0005": "&" };

/** Splits a headline at its markers, keeping them (built from strings: the linter refuses control characters in a regex literal). */
const MARKERS = new RegExp(`([${MARK_START}${MARK_STOP}])`);

/**
 * A headline with markers as parts, in order: empty parts dropped, neighbours of the same kind
 * joined. A mark left open marks the rest; a stray stop is dropped.
 */
export function markedSnippet(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  const unmasked = Array.from(headline, (char) => UNMASK[char] ?? char).join("");
  for (const piece of unmasked.split(MARKERS)) {
    if (piece === MARK_START) marked = true;
    else if (piece === MARK_STOP) marked = false;
    else if (piece) {
      const last = parts.at(-1);
      if (last && last.marked === marked) last.text += piece;
      else parts.push({ text: piece, marked });
    }
  }
  return parts;
}

/** A snippet of text with nothing marked (a hit found by its title or tags alone). */
export const plainSnippet = (text: string): SnippetPart[] => (text ? [{ text, marked: false }] : []);
