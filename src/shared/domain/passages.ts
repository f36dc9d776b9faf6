// Splitting a document's text into passages for the search index: about 1,000
// characters each, overlapping, cut on paragraph and then sentence boundaries, each with its place
// in the document. Pure: no I/O.

/** A stretch of a document's text as extracted: one per page for a PDF, one in all otherwise. */
export interface TextPage {
  /** 1-based page number, or null when the format has no pages (DOCX, DOC, TXT, MD). */
  page: number | null;
  text: string;
}

export interface Passage {
  /** 0-based position among the document's passages. */
  index: number;
  text: string;
  /** Where the passage starts in `documentText(pages)` (characters, UTF-16 code units). */
  offset: number;
  /** The page the passage starts on (null without pages), and the page it ends on. */
  page: number | null;
  endPage: number | null;
}

export interface PassageOptions {
  /** The length aimed at (default 1,000). */
  targetLength?: number;
  /** About how much of the end of a passage the next one repeats (default 150). */
  overlap?: number;
}

/** Pages are joined by a blank line: a page break is a paragraph break. */
const PAGE_SEPARATOR = "\n\n";

/**
 * One page's text made regular: line ends as \n, no NUL (which PostgreSQL cannot store) or other
 * control characters, runs of spaces as one, at most one blank line in a row, trimmed.
 */
export function normaliseText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, " ")
      .replace(/[ \t\u00a0]+/g, " ")
      .replace(/ *\n */g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

/** The whole text passages' offsets refer to: the normalised pages, joined by a blank line. */
export function documentText(pages: readonly TextPage[]): string {
  return pages
    .map((page) => normaliseText(page.text))
    .filter((text) => text.length > 0)
    .join(PAGE_SEPARATOR);
}

const SENTENCE_END = /[.!?…]["'”’)\]]*\s/g;

/** The last match of `pattern` ending inside [from, to) of `text`: the index just after it, or -1. */
function lastBoundary(text: string, pattern: RegExp, from: number, to: number): number {
  const window = text.slice(from, to);
  let found = -1;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(window); match; match = pattern.exec(window)) {
    found = from + match.index + match[0].length;
  }
  return found;
}

/** The first boundary of `pattern` at or after `from` and before `to`: the index just after it, or -1. */
function firstBoundary(text: string, pattern: RegExp, from: number, to: number): number {
  pattern.lastIndex = 0;
  const match = pattern.exec(text.slice(from, to));
  return match ? from + match.index + match[0].length : -1;
}

/** Where a passage starting at `start` should end: the best break near `start + target`. */
function passageEnd(text: string, start: number, target: number): number {
  if (text.length - start <= target * 1.2) return text.length;
  const earliest = start + Math.floor(target * 0.6);
  const latest = Math.min(text.length, start + Math.floor(target * 1.2));
  // A paragraph break nearest the target, then a sentence end, then a space; else a hard cut.
  const paragraph = lastBoundary(text, /\n\n/g, earliest, latest);
  if (paragraph > 0) return paragraph;
  const sentence = lastBoundary(text, SENTENCE_END, earliest, Math.min(latest, start + target + 1));
  if (sentence > 0) return sentence;
  const laterSentence = lastBoundary(text, SENTENCE_END, earliest, latest);
  if (laterSentence > 0) return laterSentence;
  const line = lastBoundary(text, /\n/g, earliest, latest);
  if (line > 0) return line;
  const space = lastBoundary(text, /\s/g, earliest, start + target + 1);
  if (space > 0) return space;
  return start + target;
}

/** Where the passage after one ending at `end` starts: a sentence (or word) start about `overlap` before. */
function nextStart(text: string, start: number, end: number, overlap: number): number {
  if (overlap <= 0) return end;
  const from = Math.max(start + 1, end - overlap);
  const sentence = firstBoundary(text, SENTENCE_END, from, end);
  if (sentence > 0 && sentence < end) return sentence;
  const space = firstBoundary(text, /\s/g, from, end);
  if (space > 0 && space < end) return space;
  return end;
}

/** Skips whitespace from `index`. */
function skipSpace(text: string, index: number): number {
  let at = index;
  while (at < text.length && /\s/.test(text[at] as string)) at += 1;
  return at;
}

/**
 * Splits a document's pages into passages of about `targetLength` characters, each repeating
 * about `overlap` characters of the one before (from a sentence start where there is one), so a
 * sentence cut by a passage's end is whole in the next. Passages end on a paragraph break where
 * one falls between 60 % and 120 % of the length, else on a sentence end, a line end, a space,
 * or (a run of text with no space) at the length itself. Empty text gives no passages.
 */
export function splitIntoPassages(pages: readonly TextPage[], options: PassageOptions = {}): Passage[] {
  const target = Math.max(50, options.targetLength ?? 1000);
  const overlap = Math.min(Math.max(0, options.overlap ?? 150), Math.floor(target / 2));
  const text = documentText(pages);

  // Where each page starts in `text`, for the page of an offset.
  const pageStarts: Array<{ offset: number; page: number | null }> = [];
  let cursor = 0;
  for (const page of pages) {
    const normalised = normaliseText(page.text);
    if (normalised.length === 0) continue;
    pageStarts.push({ offset: cursor, page: page.page });
    cursor += normalised.length + PAGE_SEPARATOR.length;
  }
  const pageAt = (offset: number): number | null => {
    let found: number | null = null;
    for (const entry of pageStarts) {
      if (entry.offset > offset) break;
      found = entry.page;
    }
    return found;
  };

  const passages: Passage[] = [];
  let start = skipSpace(text, 0);
  while (start < text.length) {
    const end = passageEnd(text, start, target);
    const body = text.slice(start, end).trimEnd();
    if (body.length > 0) {
      passages.push({
        index: passages.length,
        text: body,
        offset: start,
        page: pageAt(start),
        endPage: pageAt(start + body.length - 1),
      });
    }
    if (end >= text.length) break;
    const next = skipSpace(text, nextStart(text, start, end, overlap));
    // Always forward: a passage never starts where the one before did.
    start = next > start ? next : skipSpace(text, end);
  }
  return passages;
}
