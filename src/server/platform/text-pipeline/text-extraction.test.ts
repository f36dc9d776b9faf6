import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convertWithOffice, officeCommand } from "../../test/office.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { makeDocx, makeDocxZipBomb, makePdf, makeZipWithEntries, prose } from "../../test/text-fixtures.ts";
import { extractPassages, extractText, hasText, NO_TEXT_MESSAGE, textFormatOf } from "./text-extraction.ts";
import { checkZip } from "./zip-check.ts";

const PDF = "application/pdf";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

let bomb: Buffer;
let folder: string;

beforeAll(async () => {
  bomb = await makeDocxZipBomb(300);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "pl-extract-"));
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("text extraction", () => {
  it("reads a PDF page by page from a stream, and splits it into passages that know their page", async () => {
    const pdf = await makePdf([prose("photosynthesis", 3), prose("mitosis", 8, 10), prose("enzymes", 3, 30)]);
    const result = await extractPassages(Readable.from([pdf.subarray(0, 1000), pdf.subarray(1000)]), PDF);
    expect(result.status).toBe("text");
    if (result.status !== "text") return;
    expect(result.format).toBe("pdf");
    expect(result.pages.map((page) => page.page)).toEqual([1, 2, 3]);
    expect(result.pages[0]?.text).toContain("Paragraph 1 on photosynthesis");
    expect(result.pages[1]?.text).toContain("Paragraph 17 on mitosis");
    expect(result.pages[2]?.text).toContain("Paragraph 32 on enzymes");
    const onMitosis = result.passages.filter((passage) => passage.text.includes("on mitosis"));
    expect(onMitosis.length).toBeGreaterThan(0);
    expect(onMitosis.every((passage) => passage.page === 2 || passage.endPage === 2)).toBe(true);
    expect(result.passages.find((passage) => passage.text.includes("Paragraph 32 on enzymes"))?.endPage).toBe(
      3,
    );
  });

  it("reads a DOCX's paragraphs (from a file path)", async () => {
    const docx = await makeDocx([
      "Pivot and launch: the first paragraph.",
      "Second paragraph — with “quotes” and ü.",
    ]);
    const file = path.join(folder, "notes.docx");
    fs.writeFileSync(file, docx);
    const result = await extractText({ path: file }, DOCX);
    expect(result).toMatchObject({ status: "text", format: "docx" });
    if (result.status !== "text") return;
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]?.page).toBeNull();
    expect(result.pages[0]?.text).toMatch(
      /Pivot and launch: the first paragraph\.\s+Second paragraph — with “quotes” and ü\./,
    );
  });

  it.skipIf(!officeCommand)(
    "reads a Word 97-2003 DOC made by LibreOffice",
    async () => {
      const docx = await makeDocx([
        "A legacy document about cognitive load.",
        "It still has two paragraphs.",
      ]);
      const doc = convertWithOffice(docx, "legacy.docx", "doc");
      expect(doc?.subarray(0, 4).toString("hex")).toBe("d0cf11e0"); // an OLE compound file
      const result = await extractText(doc as Buffer, "application/x-cfb");
      expect(result).toMatchObject({ status: "text", format: "doc" });
      if (result.status !== "text") return;
      expect(result.pages[0]?.text).toContain("A legacy document about cognitive load.");
      expect(result.pages[0]?.text).toContain("It still has two paragraphs.");
    },
    90_000,
  );

  it("takes TXT and Markdown as UTF-8, as they are", async () => {
    const text = "\uFEFF# Heading\n\nCafé, naïve, 数学 and 🚀.\n";
    const txt = await extractText(Buffer.from(text, "utf8"), "text/plain; charset=utf-8");
    expect(txt).toEqual({ status: "text", format: "text", pages: [{ page: null, text: text.slice(1) }] });
    const md = await extractText(
      Readable.from([Buffer.from("**bold** _and_ `code`\u0000")]),
      "text/markdown",
    );
    expect(md).toEqual({
      status: "text",
      format: "text",
      pages: [{ page: null, text: "**bold** _and_ `code`" }],
    });
  });

  it("answers no-text for images, audio and video, and fails for a type it cannot read", async () => {
    for (const type of ["image/png", "audio/mpeg", "video/mp4"]) {
      expect(hasText(type)).toBe(false);
      expect(await extractText(Buffer.from([1, 2, 3]), type)).toEqual({
        status: "no-text",
        message: NO_TEXT_MESSAGE,
      });
    }
    expect(NO_TEXT_MESSAGE).toBe("This file type has no text to index");
    expect(textFormatOf("application/msword")).toBe("doc");
    expect(hasText(PDF)).toBe(true);
    expect(await extractText(Buffer.from("MZ"), "application/x-msdownload")).toEqual({
      status: "failed",
      reason: "Files of type application/x-msdownload cannot be indexed",
    });
  });

  it("fails a corrupt PDF and a password-protected PDF with their reasons", async () => {
    const real = await makePdf([prose("ecology", 2)]);
    const corrupt = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4000, 0x41)]);
    expect(await extractText(corrupt, PDF)).toEqual({
      status: "failed",
      reason: "The file is not a valid PDF (it is damaged or incomplete)",
    });
    const truncated = await extractText(real.subarray(0, Math.floor(real.length / 3)), PDF);
    expect(truncated.status).toBe("failed");
    const encrypted = await makePdf([prose("secrets", 2)], { userPassword: "open sesame" });
    expect(await extractText(encrypted, PDF)).toEqual({
      status: "failed",
      reason: "The PDF is protected by a password",
    });
  });

  it("refuses a DOCX zip bomb from its central directory, before unpacking anything", async () => {
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const check = checkZip(bomb);
    expect(check.ok).toBe(false);
    const started = Date.now();
    const result = await extractText(bomb, DOCX);
    expect(result).toEqual({
      status: "failed",
      reason: "The document would unpack to more than 256 MiB (a zip bomb?), so it was not opened",
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    const crowded = await makeZipWithEntries(5001);
    expect(await extractText(crowded, DOCX)).toEqual({
      status: "failed",
      reason: "The document holds 5001 files inside, more than the 5000 allowed",
    });
    expect(await extractText(Buffer.from("PK\u0003\u0004 not really a zip"), DOCX)).toEqual({
      status: "failed",
      reason: "The file is not a valid Word document (its zip directory is damaged)",
    });
    const good = checkZip(await makeDocx(["fine"]));
    expect(good).toMatchObject({ ok: true });
  });

  it("stops a parser that goes over its memory or time limit, and the process carries on", async () => {
    // With the directory check lifted, the bomb really unpacks: the worker runs out of memory.
    const unchecked = await extractText(bomb, DOCX, {
      zipLimits: { maxEntries: 10, maxUncompressedBytes: Number.MAX_SAFE_INTEGER },
      memoryLimitMb: 64,
    });
    expect(unchecked).toEqual({
      status: "failed",
      reason: "Reading the file needed more than 64 MB of memory, so it was stopped",
    });
    const slow = await extractText(await makePdf([prose("time", 3)]), PDF, { timeoutMs: 20 });
    expect(slow).toEqual({
      status: "failed",
      reason: "Reading the file took longer than 0 s, so it was stopped",
    });
    const tooBig = await extractText(Buffer.alloc(2048, 0x41), "text/plain", { maxBytes: 1024 });
    expect(tooBig).toEqual({ status: "failed", reason: "The file is larger than 0 MiB" });
    // Still working afterwards.
    expect((await extractText(Buffer.from("still here"), "text/plain")).status).toBe("text");
  }, 60_000);

  it("throws when its signal aborts (a job being stopped), killing the reading process", async () => {
    const controller = new AbortController();
    const pending = extractText(await makePdf([prose("abort", 3)]), PDF, { signal: controller.signal });
    controller.abort(new Error("the server is shutting down"));
    await expect(pending).rejects.toThrow("the server is shutting down");
  });

  describe("beside a running app", () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await createTestApp();
    });
    afterAll(async () => {
      await test.close();
    });

    it("a zip bomb, a corrupt PDF and an encrypted PDF fail while the server keeps answering", async () => {
      const encrypted = await makePdf([prose("locked", 1)], { userPassword: "pw" });
      const failures = Promise.all([
        extractText(bomb, DOCX),
        extractText(bomb, DOCX, {
          zipLimits: { maxEntries: 10, maxUncompressedBytes: Number.MAX_SAFE_INTEGER },
          memoryLimitMb: 64,
        }),
        extractText(Buffer.from("%PDF-1.4\n%%EOF garbage"), PDF),
        extractText(encrypted, PDF),
      ]);
      let answered = 0;
      let settled = false;
      void failures.finally(() => {
        settled = true;
      });
      while (!settled) {
        const health = await test.app.inject({ method: "GET", url: "/api/health" });
        expect(health.statusCode).toBe(200);
        answered += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const results = await failures;
      expect(results.map((result) => result.status)).toEqual(["failed", "failed", "failed", "failed"]);
      expect(answered).toBeGreaterThan(0);
      expect((await test.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    }, 60_000);
  });
});
