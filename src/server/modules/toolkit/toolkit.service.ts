import { TOOLKIT_FILES, type ToolkitFormat, toolkitFileName } from "#shared/schemas/toolkit.ts";
import type { Caller } from "../../lib/access.ts";
import type { ToolkitReadModel } from "../../read-models/toolkit.read-model.ts";
import { type DocumentFormat, type ExportFile, renderExport } from "../exports/render-export.ts";
import type { PivotAssetsService } from "../pivot-assets/pivot-assets.service.ts";
import { toolkitDocument } from "./toolkit.document.ts";

const RENDERED_AS: Record<ToolkitFormat, DocumentFormat> = {
  json: "json",
  text: "txt",
  word: "html",
  html: "html",
  pdf: "pdf",
  docx: "docx",
};

/**
 * Word-compatible HTML (spec B §2 "Word-compatible HTML"): the printable page with the Office
 * namespaces and ProgId Word reads, so Word opens it as a document in Print Layout.
 */
const asWordHtml = (html: string) =>
  html
    .replace(
      /<html([^>]*)>/,
      '<html$1 xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word">',
    )
    .replace(
      /<head>/,
      '<head>\n<meta name="ProgId" content="Word.Document">\n<!--[if gte mso 9]><xml><w:WordDocument><w:View>Print</w:View></w:WordDocument></xml><![endif]-->',
    );

export function createToolkitService(deps: {
  toolkit: ToolkitReadModel;
  pivotAssets: Pick<PivotAssetsService, "listCards">;
  now: () => Date;
}) {
  return {
    /** The toolkit guide in one of its formats, named by toolkitFileName (the two HTML formats apart). */
    async guide(caller: Caller, format: ToolkitFormat): Promise<ExportFile> {
      const [projects, conversions, templatesUsed, cards] = await Promise.all([
        deps.toolkit.projects(caller.id),
        deps.toolkit.ratedConversions(caller.id),
        deps.toolkit.templatesUsed(caller.id),
        deps.pivotAssets.listCards(caller, {}),
      ]);
      const document = toolkitDocument({
        author: caller.faculty.name,
        date: deps.now(),
        projects,
        conversions,
        templatesUsed: templatesUsed.filter((row) => row.name).map(({ name, uses }) => ({ name, uses })),
        pivotCards: cards,
      });
      const file = await renderExport(document, RENDERED_AS[format], toolkitFileName(format));
      if (format !== "word") return file;
      return {
        ...file,
        contentType: TOOLKIT_FILES.word.contentType,
        body: Buffer.from(asWordHtml(file.body.toString("utf8"))),
      };
    },
  };
}

export type ToolkitService = ReturnType<typeof createToolkitService>;
