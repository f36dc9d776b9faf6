import JSZip from "jszip";
import mammoth from "mammoth";
import { describe, expect, it } from "vitest";
import { HOSTILE, sampleExportDocument } from "../../test/export-sample.ts";
import { officeCommand, pdfFromOffice } from "../../test/office.ts";
import { renderDocx } from "./docx.renderer.ts";

const docx = await renderDocx(sampleExportDocument());

describe("DOCX", () => {
  it("holds every text of the document, in order", async () => {
    const { value: text } = await mammoth.extractRawText({ buffer: docx });
    const expected = [
      "Méthode Pivot-and-Launch",
      "Café Cooperative Pilot",
      "Prepared by Zoë Ångström",
      "Overview",
      `Students redesign a titration lab. ${HOSTILE}`,
      "Pivot: calibration curves, first",
      "Deliverables",
      "Lab report",
      "Poster for the café",
      "No tools listed.",
      'Launch: field work, "river" site',
      "Plan",
      "Class Size: 30",
      "Core Concepts: Calibration curves",
      "Detection limits",
      "Launch: applications",
      "River survey",
    ];
    let from = 0;
    for (const line of expected) {
      const at = text.indexOf(line, from);
      expect(at, line).toBeGreaterThanOrEqual(from);
      from = at + line.length;
    }
  });

  it("uses Word's headings, lists, tables and emphasis", async () => {
    const { value: html } = await mammoth.convertToHtml({ buffer: docx });
    expect(html).toContain("<h1>Overview</h1>");
    expect(html).toContain("<h2>Deliverables</h2>");
    expect(html).toContain("<h3>Tools</h3>");
    expect(html).toContain("<li>Lab report</li>");
    expect(html).toMatch(/<table>.*<p><strong>Phase<\/strong><\/p>.*Pivot: titration.*<\/table>/s);
    expect(html).toContain("<strong>Pivot: </strong>calibration curves, <em>first</em>");
    expect(html).toContain("<em>No tools listed.</em>");
    expect(html).toContain("&lt;script&gt;"); // text, never markup
  });

  it("starts a section marked newPage on a new page, after a title page", async () => {
    const xml = (await (await JSZip.loadAsync(docx)).file("word/document.xml")?.async("string")) ?? "";
    expect(xml.match(/<w:br w:type="page"\/>/g)).toHaveLength(1); // the title page's end
    expect(xml.match(/<w:pageBreakBefore\/>/g)).toHaveLength(1); // "Plan"
  });

  it("carries the title, author and description in its properties", async () => {
    const core = (await (await JSZip.loadAsync(docx)).file("docProps/core.xml")?.async("string")) ?? "";
    expect(core).toContain("<dc:title>Méthode Pivot-and-Launch</dc:title>");
    expect(core).toContain("<dc:creator>Zoë Ångström</dc:creator>");
    expect(core).toContain("<dc:description>A sample export</dc:description>");
  });

  it("drops characters XML cannot hold instead of writing a file Word refuses", async () => {
    const file = await renderDocx(sampleExportDocument({ title: "Bell\u0007 and tab\there" }));
    const { value: text } = await mammoth.extractRawText({ buffer: file });
    expect(text).toContain("Bell and tab\there");
  });

  // Runs where LibreOffice is installed (CI installs Writer and Impress).
  it.skipIf(!officeCommand)(
    "opens in LibreOffice Writer",
    () => {
      expect(pdfFromOffice(docx, "sample.docx")?.length ?? 0).toBeGreaterThan(5_000);
    },
    90_000,
  );
});
