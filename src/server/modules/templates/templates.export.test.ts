import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Template } from "#shared/schemas/templates.ts";
import { templatesDocx } from "./templates.export.ts";

const office = ["soffice", "libreoffice"].find((command) => spawnSync("which", [command]).status === 0);

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
describe.skipIf(!office)("the DOCX guide in LibreOffice", () => {
  it("converts to PDF without errors", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-docx-"));
    try {
      fs.writeFileSync(path.join(dir, "guide.docx"), await templatesDocx([sample]));
      execFileSync(
        office as string,
        [
          "--headless",
          `-env:UserInstallation=file://${dir}/profile`,
          "--convert-to",
          "pdf",
          "--outdir",
          dir,
          path.join(dir, "guide.docx"),
        ],
        { timeout: 60_000, stdio: "ignore" },
      );
      expect(fs.statSync(path.join(dir, "guide.pdf")).size).toBeGreaterThan(5_000);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
