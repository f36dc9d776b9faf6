import mammoth from "mammoth";
import { describe, expect, it } from "vitest";
import type { Template } from "#shared/schemas/templates.ts";
import { officeCommand, pdfSizeFromOffice } from "../../test/office.ts";
import { buildTemplateExport, templatesDocx } from "./templates.export.ts";

const sample: Template = {
  id: 1,
  name: "Blockchain Applications",
  description: "Students master hashing and consensus, then launch a dApp for a café cooperative.",
  discipline: "blockchain",
  category: "development",
  difficultyLevel: "advanced",
  status: "approved",
  isFeatured: true,
  estimatedDuration: "8-12 weeks",
  color: "#4f46e5",
  icon: "blocks",
  template: {
    phases: ["Pivot: hashing", "Launch: pilot"],
    deliverables: ["Pilot report"],
    tools: ["Hardhat"],
  },
  learningOutcomes: ["Explain consensus"],
  implementationTips: ["Space retrieval quizzes"],
  authorId: null,
  authorName: null,
  rejectionReason: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

// Runs where LibreOffice is installed (`apt-get install libreoffice-writer-nogui`); CI checks the
// DOCX by parsing it back with mammoth (templates.test.ts) either way.
describe.skipIf(!officeCommand)("the DOCX guide in LibreOffice", () => {
  it("converts to PDF without errors", async () => {
    expect(pdfSizeFromOffice(await templatesDocx([sample]), "guide.docx")).toBeGreaterThan(5_000);
  }, 90_000);
});

// Now written through the exports module; the files must not change.
describe("the template files through the exports module", () => {
  it("keep the CSV bytes the export wrote before", async () => {
    const quoted: Template = {
      ...sample,
      id: 2,
      name: 'Ledger "Lab", part 2',
      isFeatured: false,
      authorName: "Zoë Ångström",
      template: { ...sample.template, deliverables: [] },
    };
    const file = await buildTemplateExport([sample, quoted], "csv");
    expect(file.contentType).toBe("text/csv; charset=utf-8");
    expect(file.body.toString("utf8")).toBe(
      "\ufeffid,name,description,discipline,category,difficultyLevel,status,isFeatured,estimatedDuration,workload,phases,deliverables,tools,learningOutcomes,implementationTips,author,createdAt\r\n" +
        '1,Blockchain Applications,"Students master hashing and consensus, then launch a dApp for a café cooperative.",blockchain,development,advanced,approved,yes,8-12 weeks,~48 hours total,Pivot: hashing | Launch: pilot,Pilot report,Hardhat,Explain consensus,Space retrieval quizzes,Pivot & Launch library,2026-01-01T00:00:00.000Z\r\n' +
        '2,"Ledger ""Lab"", part 2","Students master hashing and consensus, then launch a dApp for a café cooperative.",blockchain,development,advanced,approved,no,8-12 weeks,~48 hours total,Pivot: hashing | Launch: pilot,,Hardhat,Explain consensus,Space retrieval quizzes,Zoë Ångström,2026-01-01T00:00:00.000Z\r\n',
    );
  });

  it("keep the JSON the list of templates", async () => {
    const file = await buildTemplateExport([sample], "json");
    expect(file.body.toString()).toBe(JSON.stringify([sample], null, 2));
  });

  it("keep the DOCX guide: title page, facts, overview, phases table and the lists", async () => {
    const { value: html } = await mammoth.convertToHtml({ buffer: await templatesDocx([sample]) });
    for (const expected of [
      "<p>Pivot-and-Launch Project Templates</p><p>Professional Guide for Project-Based Learning</p><p>1 template · generated ",
      "<h1>Blockchain Applications</h1>",
      "Discipline: Blockchain   ·   Category: Development   ·   Difficulty: Advanced   ·   Duration: 8-12 weeks (~48 hours total)",
      "<h2>Project Phases</h2>",
      "<td><p>2</p></td><td><p>Launch: pilot</p></td><td><p>Core development and implementation</p></td>",
      "<h2>Deliverables</h2><ul><li>Pilot report</li></ul>",
      "<h2>Implementation Tips</h2><ul><li>Space retrieval quizzes</li></ul>",
    ]) {
      expect(html).toContain(expected);
    }
  });
});
