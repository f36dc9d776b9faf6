import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { documentText, normaliseText, splitIntoPassages, type TextPage } from "./passages.ts";

const sentence = (n: number) =>
  `Sentence number ${n} talks about photosynthesis and the light reactions in some detail.`;
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join(" ");

describe("splitIntoPassages", () => {
  it("gives nothing for empty or blank text, and one passage for a short text", () => {
    expect(splitIntoPassages([])).toEqual([]);
    expect(splitIntoPassages([{ page: null, text: "  \n\n \t " }])).toEqual([]);
    expect(splitIntoPassages([{ page: null, text: "  A short note.  " }])).toEqual([
      { index: 0, text: "A short note.", offset: 0, page: null, endPage: null },
    ]);
  });

  it("cuts about every 1,000 characters on sentence ends, each passage repeating the last sentence of the one before", () => {
    const text = paragraph(1, 60); // about 5,200 characters, one paragraph
    const passages = splitIntoPassages([{ page: null, text }]);
    expect(passages.length).toBeGreaterThanOrEqual(5);
    expect(passages.length).toBeLessThanOrEqual(8);
    const whole = documentText([{ page: null, text }]);
    passages.forEach((passage, index) => {
      expect(passage.index).toBe(index);
      expect(whole.slice(passage.offset, passage.offset + passage.text.length)).toBe(passage.text);
      expect(passage.text.startsWith("Sentence number")).toBe(true);
      expect(passage.text.endsWith("detail.")).toBe(true);
      if (index < passages.length - 1) {
        expect(passage.text.length).toBeGreaterThanOrEqual(600);
        expect(passage.text.length).toBeLessThanOrEqual(1200);
      }
    });
    for (let i = 1; i < passages.length; i += 1) {
      const previous = passages[i - 1] as (typeof passages)[number];
      const current = passages[i] as (typeof passages)[number];
      // Overlap: the next starts before the previous ended, at a sentence it already held.
      expect(current.offset).toBeLessThan(previous.offset + previous.text.length);
      expect(current.offset).toBeGreaterThan(previous.offset);
      const firstSentence = current.text.slice(0, current.text.indexOf(".") + 1);
      expect(previous.text.endsWith(firstSentence)).toBe(true);
    }
  });

  it("prefers a paragraph break to a sentence end", () => {
    // A paragraph of about 800 characters, then more paragraphs: the first cut is at the break.
    const first = paragraph(1, 9);
    const text = `${first}\n\n${paragraph(100, 9)}\n\n${paragraph(200, 9)}`;
    const [passage] = splitIntoPassages([{ page: null, text }]);
    expect(passage?.text).toBe(first);
  });

  it("gives each passage the page it starts and ends on; offsets count pages joined by a blank line", () => {
    const pages: TextPage[] = [1, 2, 3, 4].map((page) => ({ page, text: paragraph(page * 100, 8) }));
    const passages = splitIntoPassages(pages, { targetLength: 1000, overlap: 0 });
    const whole = documentText(pages);
    expect(whole.startsWith(normaliseText(pages[0]?.text ?? ""))).toBe(true);
    for (const passage of passages) {
      expect(whole.slice(passage.offset, passage.offset + passage.text.length)).toBe(passage.text);
      const firstNumber = Number(/Sentence number (\d+)/.exec(passage.text)?.[1]);
      expect(passage.page).toBe(Math.floor(firstNumber / 100));
      const numbers = [...passage.text.matchAll(/Sentence number (\d+)/g)].map((m) => Number(m[1]));
      expect(passage.endPage).toBe(Math.floor((numbers.at(-1) as number) / 100));
    }
    expect(passages.map((passage) => passage.page)).toContain(3);
    // Empty pages (a scanned page without text) are skipped, not counted as breaks.
    const withBlank = splitIntoPassages([
      { page: 1, text: "One." },
      { page: 2, text: " " },
      { page: 3, text: "Three." },
    ]);
    expect(withBlank).toEqual([{ index: 0, text: "One.\n\nThree.", offset: 0, page: 1, endPage: 3 }]);
  });

  it("cuts a run of text without spaces at the length, and always moves forward", () => {
    const text = "x".repeat(3500);
    const passages = splitIntoPassages([{ page: null, text }]);
    expect(passages.map((passage) => passage.text.length)).toEqual([1000, 1000, 1000, 500]);
    expect(passages.map((passage) => passage.offset)).toEqual([0, 1000, 2000, 3000]);
  });

  it("normalises line ends, spaces, NULs and runs of blank lines", () => {
    expect(normaliseText("a\r\nb\rc\u0000d  \t e\n\n\n\n f ")).toBe("a\nb\nc d e\n\nf");
  });

  it("for any text: passages lie in the document, move forward, stay near the length, and cover every word", () => {
    const word = fc.stringMatching(/^[a-zA-Z]{1,12}$/);
    const piece = fc.oneof(word, fc.constantFrom(". ", ", ", "\n", "\n\n", " ", "! ", "? "));
    fc.assert(
      fc.property(
        fc.array(fc.array(piece, { maxLength: 600 }), { minLength: 1, maxLength: 4 }),
        (pageParts) => {
          const pages = pageParts.map((parts, index) => ({ page: index + 1, text: parts.join(" ") }));
          const whole = documentText(pages);
          const passages = splitIntoPassages(pages, { targetLength: 300, overlap: 60 });
          let covered = 0;
          let previousOffset = -1;
          for (const passage of passages) {
            expect(whole.slice(passage.offset, passage.offset + passage.text.length)).toBe(passage.text);
            expect(passage.offset).toBeGreaterThan(previousOffset);
            // Nothing but whitespace is skipped between passages.
            if (passage.offset > covered) expect(whole.slice(covered, passage.offset).trim()).toBe("");
            expect(passage.text.length).toBeLessThanOrEqual(360);
            previousOffset = passage.offset;
            covered = Math.max(covered, passage.offset + passage.text.length);
          }
          // Whatever is left uncovered is whitespace only.
          expect(whole.slice(covered).trim()).toBe("");
        },
      ),
      { seed: 14, numRuns: 200 },
    );
  });
});
