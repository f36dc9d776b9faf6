import type { ExportDocument } from "./export-document.ts";

/** JSON: the records behind the document when it carries them, else the document itself. */
export function renderJson(document: ExportDocument): Buffer {
  const { data, ...content } = document;
  return Buffer.from(JSON.stringify(data ?? content, null, 2));
}
