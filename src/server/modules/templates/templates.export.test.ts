import { describe, expect, it } from "vitest";
import type { Template } from "#shared/schemas/templates.ts";
import { officeCommand, pdfSizeFromOffice } from "../../test/office.ts";
import { templatesDocx } from "./templates.export.ts";

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
