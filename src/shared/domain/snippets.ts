// Search snippets: ts_headline marks the matched words with two control
// characters that extracted text never holds (normaliseText removes them); everything is
// HTML-escaped first, then the markers become <mark> and </mark>. ts_headline's own output is never
// trusted as HTML. Pure: no I/O.

/** What the search asks ts_headline to put around a matched word. */
export const MARK_START = "\u0001";
export const MARK_STOP = "\u0002";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/**
 * The characters the full-text parser reads in place of `<`, `>` and `&` (which it would take for
 * markup: passages.table.ts), turned back before escaping.
 */
const UNMASK: Record<string, string> = { "\u0003": "<", "\u0004": ">", "\u0005": "&" };

/** Splits a headline at its markers, keeping them (built from strings: the linter refuses control characters in a regex literal). */
const MARKERS = new RegExp(`([${MARK_START}${MARK_STOP}])`);

/** A headline with markers as safe HTML: escaped text, <mark> around each marked stretch. */
export function markedSnippet(headline: string): string {
  let html = "";
  let open = false;
  const unmasked = Array.from(headline, (char) => UNMASK[char] ?? char).join("");
  for (const part of unmasked.split(MARKERS)) {
    if (part === MARK_START) {
      if (!open) html += "<mark>";
      open = true;
    } else if (part === MARK_STOP) {
      if (open) html += "</mark>";
      open = false;
    } else html += escapeHtml(part);
  }
  return open ? `${html}</mark>` : html;
}
