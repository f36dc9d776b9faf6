import { conversionFileName } from "#shared/domain/conversions.ts";
import { fileSlug, methodologyFileName } from "#shared/domain/wizard.ts";
import {
  CARTRIDGE_CONTENT_TYPE,
  type ConversionExportInput,
  type MethodologyExportInput,
} from "#shared/schemas/exports.ts";
import type { AppContext } from "../../context.ts";
import type { Caller } from "../../lib/access.ts";
import { viewerOf } from "../../lib/policy.ts";
import { createProjectNotFoundError } from "../projects/projects.errors.ts";
import { conversionDocument } from "./conversion.document.ts";
import { methodologyDocument } from "./methodology.document.ts";
import { type ExportFile, renderExport } from "./render-export.ts";

/**
 * Files built from what the request carries, and a whole project (read through the projects' and
 * Pivot Assets' services) as a package for an LMS.
 */
export function createExportsService(deps: {
  now: () => Date;
  /** The caller's own project (another's answers 404). */
  projects: Pick<AppContext["projects"], "findReadable">;
  /** The caller's cards, worked examples and questions: the project's are picked from them. */
  pivotAssets: Pick<AppContext["pivotAssets"], "listCards" | "listExamples" | "listItems">;
  /** The tool's LTI launch address, which the cartridge's link opens. */
  launchUrl: string;
}) {
  const { projects, pivotAssets } = deps;
  return {
    /** The methodology download (spec A §2) as text, Word or PDF, named after the project, dated today. */
    async methodology(input: MethodologyExportInput, caller: Caller) {
      const date = deps.now();
      const document = methodologyDocument(input, date, caller.faculty.name);
      return renderExport(document, input.format, methodologyFileName(input.title, date, input.format));
    },

    /** A converter result as text or Word, named after its objective, dated today. */
    async conversion(input: ConversionExportInput, caller: Caller) {
      const date = deps.now();
      const document = conversionDocument(input, date, caller.faculty.name);
      return renderExport(
        document,
        input.format,
        conversionFileName(input.originalObjective, date, input.format),
      );
    },

    /**
     * The project as an IMS Common Cartridge 1.1 package (`{title-slug}.imscc`): its launch brief
     * and pivot concepts, its cards and their worked examples as pages, their questions as one
     * assessment, and an LTI link back to the project. Cards in the order they were made, each
     * card's examples and questions in the cards' order.
     */
    async projectCartridge(projectId: number, caller: Caller): Promise<ExportFile> {
      const project = await projects.findReadable(projectId, viewerOf(caller));
      if (!project) throw createProjectNotFoundError();
      const [allCards, allExamples, allQuestions] = await Promise.all([
        pivotAssets.listCards(caller, {}),
        pivotAssets.listExamples(caller),
        // The time zone only places the items' due dates, which the cartridge leaves out.
        pivotAssets.listItems(caller, { tz: "UTC" }),
      ]);
      const cards = allCards.filter((card) => card.projectId === project.id).sort(byId);
      const order = new Map(cards.map((card, index) => [card.id, index]));
      const onCards = <T extends { id: number; pivotCardId: number }>(rows: readonly T[]) =>
        rows
          .filter((row) => order.has(row.pivotCardId))
          .sort((a, b) => (order.get(a.pivotCardId) ?? 0) - (order.get(b.pivotCardId) ?? 0) || a.id - b.id);
      // Loaded on first use, as the renderers are: jszip and xmlbuilder2 stay out of start-up.
      const { buildCartridge } = await import("./cartridge.ts");
      const body = await buildCartridge({
        project,
        cards,
        examples: onCards(allExamples),
        questions: onCards(allQuestions),
        launchUrl: deps.launchUrl,
      });
      return {
        fileName: `${fileSlug(project.title) || "project"}.imscc`,
        contentType: CARTRIDGE_CONTENT_TYPE,
        body,
      };
    },
  };
}

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

export type ExportsService = ReturnType<typeof createExportsService>;
