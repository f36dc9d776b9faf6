import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { HOSTILE, sampleExportDocument } from "../../test/export-sample.ts";
import { officeCommand, pdfFromOffice } from "../../test/office.ts";
import type { ExportDocument } from "./export-document.ts";
import { type PdfFonts, pdfFonts, STANDARD_PDF_FONTS, toWinAnsi } from "./pdf.fonts.ts";
import { renderPdf } from "./pdf.renderer.ts";

async function readPdf(body: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  const { info } = (await pdf.getMetadata()) as unknown as { info: Record<string, unknown> };
  return { pages: totalPages, text: text.replace(/\s+/g, " "), info };
}

const systemFonts = pdfFonts();
const fontSets: Array<[string, PdfFonts]> = [["Helvetica (built in)", STANDARD_PDF_FONTS]];
if (systemFonts.unicode) fontSets.push(["a Unicode TrueType font from the system", systemFonts]);

describe.each(fontSets)("PDF with %s", (_name, fonts) => {
  it("holds the document's text, Latin-1 accents included, on a title page and two more", async () => {
    const { pages, text } = await readPdf(await renderPdf(sampleExportDocument(), fonts));
    expect(pages).toBe(3); // title page, "Overview", "Plan" (newPage)
    for (const expected of [
      "Méthode Pivot-and-Launch",
      "Café Cooperative Pilot",
      "Prepared by Zoë Ångström",
      `Students redesign a titration lab. ${HOSTILE}`,
      "Pivot: calibration curves, first",
      "Poster for the café",
      "No tools listed.",
      'Launch: field work, "river" site',
      "Class Size: 30",
      "Core Concepts: Calibration curves Detection limits",
      "River survey",
      "page 2 of 2",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("wraps long text and continues a long table on further pages", async () => {
    const long = "Each team samples the river upstream and downstream of the outlet. ".repeat(60);
    const document: ExportDocument = {
      title: "Long report",
      sections: [
        {
          title: "Findings",
          blocks: [
            { kind: "paragraph", text: long },
            {
              kind: "table",
              columns: [{ label: "Site" }, { label: "Reading", align: "right" }],
              rows: Array.from({ length: 80 }, (_, index) => [`Site ${index + 1}`, String(index * 3)]),
            },
          ],
        },
      ],
    };
    const { pages, text } = await readPdf(await renderPdf(document, fonts));
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain("Site 1 0");
    expect(text).toContain("Site 80 237");
    expect(text.split("upstream and downstream").length - 1).toBe(60);
  });

  it("widens a column whose header word would break, taking the room from the others", async () => {
    const document: ExportDocument = {
      title: "Narrow columns",
      sections: [
        {
          blocks: [
            {
              kind: "table",
              columns: [
                { label: "Project title", width: 70 },
                { label: "Contributions", width: 6, align: "right" },
                { label: "Pending", width: 6, align: "right" },
                { label: "Reviews", width: 6, align: "right" },
                { label: "Last activity" },
              ],
              rows: [["Harbour Water Study", "5", "3", "12", "2026-08-31"]],
            },
          ],
        },
      ],
    };
    const { text } = await readPdf(await renderPdf(document, fonts));
    expect(text).toContain("Project title Contributions Pending Reviews Last activity");
    expect(text).toContain("Harbour Water Study 5 3 12 2026-08-31");
  });

  it("carries the title, author, subject and keywords in its properties", async () => {
    const { info } = await readPdf(await renderPdf(sampleExportDocument(), fonts));
    expect(info).toMatchObject({
      Title: "Méthode Pivot-and-Launch",
      Author: "Zoë Ångström",
      Subject: "A sample export",
      Keywords: "pbl, pivot",
      Creator: "Pivot & Launch",
    });
  });
});

describe("PDF text beyond Latin-1", () => {
  it("is kept with a Unicode font", async () => {
    if (!systemFonts.unicode) return; // no TrueType font on this machine: the next test covers it
    const { text } = await readPdf(
      await renderPdf(sampleExportDocument({ title: "Łódź · Ελληνικά · Кириллица" }), systemFonts),
    );
    expect(text).toContain("Łódź · Ελληνικά · Кириллица");
  });

  it("falls back to the base letter, else '?', with Helvetica", async () => {
    expect(toWinAnsi("Łódź, Dvořák, naïve “quotes” – 中文 €")).toBe("?ódz, Dvorák, naïve “quotes” – ?? €");
    const { text } = await readPdf(
      await renderPdf(sampleExportDocument({ title: "Dvořák in Łódź" }), STANDARD_PDF_FONTS),
    );
    expect(text).toContain("Dvorák in ?ódz");
  });
});

// Runs where LibreOffice is installed: its PDF import reads every page and the text.
describe.skipIf(!officeCommand)("the PDF in LibreOffice", () => {
  it("opens with all its pages", async () => {
    const converted = pdfFromOffice(await renderPdf(sampleExportDocument()), "sample.pdf");
    expect(converted).toBeDefined();
    const { pages, text } = await readPdf(converted ?? Buffer.alloc(0));
    expect(pages).toBe(3);
    expect(text).toContain("Poster for the café");
  }, 90_000);
});
