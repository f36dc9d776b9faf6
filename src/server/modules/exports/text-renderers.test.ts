import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { HOSTILE, sampleExportDocument } from "../../test/export-sample.ts";
import { renderCsv } from "./csv.renderer.ts";
import { renderHtml } from "./html.renderer.ts";
import { renderJson } from "./json.renderer.ts";
import { DOCUMENT_FORMATS, renderExport } from "./render-export.ts";
import { renderTxt } from "./txt.renderer.ts";

describe("TXT", () => {
  it("writes titles in capitals, blocks separated by blank lines, bullets, facts and tables", () => {
    const text = renderTxt(sampleExportDocument()).toString("utf8");
    expect(text).toBe(
      [
        "MÉTHODE PIVOT-AND-LAUNCH",
        "Café Cooperative Pilot",
        "Prepared by Zoë Ångström",
        "",
        "Pivot first, then launch.",
        "",
        "OVERVIEW",
        "Discipline: Chemistry · Duration: 6 weeks",
        `Students redesign a titration lab. ${HOSTILE}`,
        "",
        "Pivot: calibration curves, first",
        "",
        "Deliverables",
        "- Lab report",
        "- Poster for the café",
        "",
        "Tools",
        "No tools listed.",
        "",
        "# | Phase | Hours",
        "1 | Pivot: titration | 12",
        '2 | Launch: field work, "river" site | 24',
        "",
        "PLAN",
        "Class Size: 30",
        "Core Concepts: Calibration curves",
        "Detection limits",
        "",
        "Pivot: core concepts",
        "- Molarity",
        "",
        "Launch: applications",
        "- River survey",
        "",
      ].join("\n"),
    );
  });
});

describe("JSON", () => {
  it("writes the records behind the document when it has them, else the document", () => {
    const records = [{ id: 1, name: "Blockchain" }];
    expect(JSON.parse(renderJson(sampleExportDocument({ data: records })).toString())).toEqual(records);
    const written = JSON.parse(renderJson(sampleExportDocument()).toString());
    expect(written).toMatchObject({ title: "Méthode Pivot-and-Launch", subtitle: "Café Cooperative Pilot" });
    expect(written.sections).toHaveLength(2);
    expect(written).not.toHaveProperty("data");
  });
});

describe("CSV", () => {
  it("writes the first table per RFC 4180: BOM, CRLF, quoted where needed", () => {
    const bytes = renderCsv(sampleExportDocument());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toBe(
      '\ufeff#,Phase,Hours\r\n1,Pivot: titration,12\r\n2,"Launch: field work, ""river"" site",24\r\n',
    );
    expect(parse(text, { bom: true, columns: true })).toEqual([
      { "#": "1", Phase: "Pivot: titration", Hours: "12" },
      { "#": "2", Phase: 'Launch: field work, "river" site', Hours: "24" },
    ]);
  });

  it("refuses a document without a table", () => {
    expect(() => renderCsv({ title: "Empty", sections: [] })).toThrow(/no table/);
  });
});

describe("HTML", () => {
  const html = renderHtml(sampleExportDocument()).toString("utf8");

  it("is a standalone page with a language, a title and its metadata", () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain("<title>Méthode Pivot-and-Launch</title>");
    expect(html).toContain('<meta name="author" content="Zoë Ångström">');
    expect(html).not.toMatch(/<(script|link|img|iframe)\b/i); // nothing loaded from anywhere
    const french = renderHtml(sampleExportDocument({ metadata: { language: "fr" } })).toString();
    expect(french).toContain('<html lang="fr">');
  });

  it("escapes every text", () => {
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;");
    expect(html).not.toContain("<script>");
    const hostileTitle = renderHtml(sampleExportDocument({ title: HOSTILE })).toString();
    expect(hostileTitle).not.toContain("<script>");
    expect(hostileTitle).toContain("<title>&lt;script&gt;");
  });

  it("has one h1 and no skipped heading level", () => {
    const levels = [...html.matchAll(/<h([1-6])>/g)].map((match) => Number(match[1]));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.slice(1).forEach((level, index) => {
      expect(level - (levels[index] ?? 1)).toBeLessThanOrEqual(1);
    });
    const untitled = renderHtml({
      title: "Report",
      sections: [{ blocks: [{ kind: "heading", level: 2, text: "Figures" }] }],
    }).toString();
    expect(untitled).toContain("<h2>Figures</h2>");
  });

  it("writes tables with header cells, lists, facts and the empty-list text", () => {
    expect(html).toContain('<th scope="col">Phase</th>');
    expect(html).toContain('<td class="right">24</td>');
    expect(html).toContain("<li>Poster for the café</li>");
    expect(html).toContain('<p class="empty">No tools listed.</p>');
    expect(html).toContain("<dt>Core Concepts</dt><dd>Calibration curves<br>\nDetection limits</dd>");
    expect(html).toContain("<strong>Pivot: </strong>");
  });
});

describe("renderExport", () => {
  it("answers every format with its content type and the given file name", async () => {
    const contentTypes: Record<string, string> = {};
    for (const format of DOCUMENT_FORMATS) {
      const file = await renderExport(sampleExportDocument(), format, `sample.${format}`);
      expect(file.fileName).toBe(`sample.${format}`);
      expect(file.body.length).toBeGreaterThan(0);
      contentTypes[format] = file.contentType;
    }
    expect(contentTypes).toEqual({
      docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      pdf: "application/pdf",
      pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      csv: "text/csv; charset=utf-8",
      json: "application/json; charset=utf-8",
      txt: "text/plain; charset=utf-8",
      html: "text/html; charset=utf-8",
    });
  });
});
