import JSZip from "jszip";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { sampleExportDocument } from "../../test/export-sample.ts";
import { officeCommand, pdfFromOffice } from "../../test/office.ts";
import type { ExportDocument } from "./export-document.ts";
import { renderPptx } from "./pptx.renderer.ts";

/** Each slide's XML, in slide order, and the text of its runs. */
async function readSlides(body: Buffer) {
  const zip = await JSZip.loadAsync(body);
  const names = Object.keys(zip.files)
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)?.[1]) - Number(/(\d+)\.xml$/.exec(b)?.[1]));
  const xml = await Promise.all(names.map((name) => zip.file(name)?.async("string") ?? ""));
  const fromXml = (text: string) =>
    text
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&");
  const texts = xml.map((slide) =>
    [...slide.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((match) => fromXml(match[1] ?? "")),
  );
  const core = (await zip.file("docProps/core.xml")?.async("string")) ?? "";
  const app = (await zip.file("docProps/app.xml")?.async("string")) ?? "";
  return { xml, texts, core, app };
}

describe("PPTX", () => {
  it("makes a title slide, then a slide per section with its text, tables and columns", async () => {
    const { texts, xml } = await readSlides(await renderPptx(sampleExportDocument()));
    expect(texts).toHaveLength(3);
    expect(texts[0]).toEqual([
      "Méthode Pivot-and-Launch",
      "Café Cooperative Pilot",
      "Prepared by Zoë Ångström",
      "Pivot first, then launch.",
    ]);
    expect(texts[1]).toEqual(
      expect.arrayContaining([
        "Overview",
        "Discipline: Chemistry · Duration: 6 weeks",
        `Students redesign a titration lab. <script>alert("x")</script> & 'quotes'`,
        "Pivot: ",
        "Deliverables",
        "Poster for the café",
        "No tools listed.",
        "Phase",
        'Launch: field work, "river" site',
      ]),
    );
    expect(xml[1]).toContain("&lt;script&gt;"); // escaped in the XML
    expect(xml[1]).toContain("<a:tbl>");
    // facts as a two-column table, then the two columns side by side
    expect(texts[2]).toEqual(
      expect.arrayContaining([
        "Plan",
        "Class Size",
        "30",
        "Pivot: core concepts",
        "Launch: applications",
        "River survey",
      ]),
    );
    expect(xml[2]).toContain("<a:tbl>");
  });

  it("carries the title, author and organisation in its properties", async () => {
    const { core, app } = await readSlides(await renderPptx(sampleExportDocument()));
    expect(core).toContain("<dc:title>Méthode Pivot-and-Launch</dc:title>");
    expect(core).toContain("<dc:creator>Zoë Ångström</dc:creator>");
    expect(app).toContain("<Company>Université de Lyon</Company>");
  });

  it("continues what does not fit on further slides, the table's header repeated", async () => {
    const document: ExportDocument = {
      title: "Readings",
      sections: [
        {
          title: "River sites",
          blocks: [
            { kind: "heading", level: 2, text: "All readings" },
            {
              kind: "table",
              columns: [{ label: "Site" }, { label: "Reading", align: "right" }],
              rows: Array.from({ length: 40 }, (_, index) => [`Site ${index + 1}`, String(index)]),
            },
            { kind: "bullets", items: Array.from({ length: 30 }, (_, index) => `Note ${index + 1}`) },
          ],
        },
      ],
    };
    const { texts } = await readSlides(await renderPptx(document));
    const sectionSlides = texts.slice(1);
    expect(sectionSlides.length).toBeGreaterThan(2);
    expect(sectionSlides[0]?.[0]).toBe("River sites");
    for (const slide of sectionSlides.slice(1)) expect(slide[0]).toBe("River sites (continued)");
    const all = sectionSlides.flat();
    for (let index = 1; index <= 40; index += 1)
      expect(all.filter((text) => text === `Site ${index}`)).toHaveLength(1);
    for (let index = 1; index <= 30; index += 1) expect(all).toContain(`Note ${index}`);
    const tableSlides = sectionSlides.filter((slide) => slide.some((text) => text.startsWith("Site ")));
    expect(tableSlides.length).toBeGreaterThan(1);
    for (const slide of tableSlides) expect(slide).toContain("Reading"); // the header again
    // the heading stays with its table
    expect(sectionSlides[0]).toContain("All readings");
    expect(sectionSlides[0]).toContain("Site 1");
  });

  // Runs where LibreOffice is installed (CI installs Writer and Impress).
  it.skipIf(!officeCommand)(
    "opens in LibreOffice Impress, a page per slide",
    async () => {
      const converted = pdfFromOffice(await renderPptx(sampleExportDocument()), "sample.pptx");
      expect(converted).toBeDefined();
      const pdf = await getDocumentProxy(new Uint8Array(converted ?? Buffer.alloc(0)));
      const { totalPages, text } = await extractText(pdf, { mergePages: true });
      expect(totalPages).toBe(3);
      expect(text).toContain("Poster for the café");
    },
    90_000,
  );
});
