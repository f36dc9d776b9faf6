import { stringify } from "csv-stringify/sync";
import { type ExportDocument, firstTable } from "./export-document.ts";

/**
 * CSV of the document's first table: RFC 4180 (quoted where needed, CRLF), UTF-8 with a BOM so
 * that Excel shows accents; the header row is the columns' labels.
 */
export function renderCsv(document: ExportDocument): Buffer {
  const table = firstTable(document);
  if (!table) throw new Error(`"${document.title}" has no table to write as CSV`);
  const csv = stringify(table.rows as string[][], {
    header: true,
    columns: table.columns.map((column) => column.label),
    bom: true,
    record_delimiter: "windows",
  });
  return Buffer.from(csv);
}
