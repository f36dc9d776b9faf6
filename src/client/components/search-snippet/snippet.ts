/**
 * A search snippet from POST /api/search/documents: text the server already HTML-escaped, with
 * `<mark>…</mark>` around the matched words. It is never given to the browser as HTML: it is cut
 * into text parts and marked parts, and the entities of each part are turned back into characters,
 * so React renders every part as text (a `<script>` in a document stays the letters "<script>").
 */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

function fromCodePoint(code: number, original: string): string {
  // A code point that is not a character (a surrogate half, beyond U+10FFFF, NUL) stays as written.
  if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
    return original;
  }
  return String.fromCodePoint(code);
}

/** Turns `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;`, `&#39;` and `&#x27;` back into characters; others stay. */
export function unescapeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (entity, body: string) => {
    if (body[0] === "#") {
      const hex = body[1] === "x" || body[1] === "X";
      return fromCodePoint(Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10), entity);
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/**
 * The parts of a snippet, in order; empty parts are dropped and neighbours of the same kind joined.
 * An unclosed `<mark>` marks the rest; a stray `</mark>` is dropped. Any other tag-like text is text.
 */
export function parseSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of snippet.split(/(<\/?mark>)/i)) {
    const tag = piece.toLowerCase();
    if (tag === "<mark>") marked = true;
    else if (tag === "</mark>") marked = false;
    else if (piece) {
      const text = unescapeEntities(piece);
      const last = parts.at(-1);
      if (last && last.marked === marked) last.text += text;
      else parts.push({ text, marked });
    }
  }
  return parts;
}
