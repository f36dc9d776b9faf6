import type { ExportDocument } from "./export-document.ts";

/** A file to download: what every export answers (lib/attachment.ts sends it). */
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

type Render = (document: ExportDocument) => Buffer | Promise<Buffer>;

/**
 * Every format a document can be written as. A new format is one renderer file and one line here.
 * Renderers load on first use: pdfkit, docx and pptxgenjs together add about a second to start-up.
 */
const RENDERERS = {
  docx: {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    load: async (): Promise<Render> => (await import("./docx.renderer.ts")).renderDocx,
  },
  pdf: {
    contentType: "application/pdf",
    load: async (): Promise<Render> => {
      const { renderPdf } = await import("./pdf.renderer.ts");
      return (document) => renderPdf(document);
    },
  },
  pptx: {
    contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    load: async (): Promise<Render> => (await import("./pptx.renderer.ts")).renderPptx,
  },
  csv: {
    contentType: "text/csv; charset=utf-8",
    load: async (): Promise<Render> => (await import("./csv.renderer.ts")).renderCsv,
  },
  json: {
    contentType: "application/json; charset=utf-8",
    load: async (): Promise<Render> => (await import("./json.renderer.ts")).renderJson,
  },
  txt: {
    contentType: "text/plain; charset=utf-8",
    load: async (): Promise<Render> => (await import("./txt.renderer.ts")).renderTxt,
  },
  html: {
    contentType: "text/html; charset=utf-8",
    load: async (): Promise<Render> => (await import("./html.renderer.ts")).renderHtml,
  },
} as const;

export type DocumentFormat = keyof typeof RENDERERS;
export const DOCUMENT_FORMATS = Object.keys(RENDERERS) as DocumentFormat[];

/** The one way to write an export: the document in a format, under a file name. */
export async function renderExport(
  document: ExportDocument,
  format: DocumentFormat,
  fileName: string,
): Promise<ExportFile> {
  const { contentType, load } = RENDERERS[format];
  const render = await load();
  return { fileName, contentType, body: await render(document) };
}
