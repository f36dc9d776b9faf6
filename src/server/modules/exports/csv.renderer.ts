import { writeCsv } from "../../lib/csv.ts";
import { type ExportDocument, firstTable } from "./export-document.ts";

/**
 * CSV of the document's first table through the product's CSV writer (formulas neutralised),
 * UTF-8 with a BOM so that Excel shows accents; the header row is the columns' labels.
 */
export function renderCsv(document: ExportDocument): Buffer {
  const table = firstTable(document);
  if (!table) throw new Error(`"${document.title}" has no table to write as CSV`);
  const csv = writeCsv(
    table.columns.map((column) => column.label),
    table.rows as string[][],
    { bom: true },
  );
  return Buffer.from(csv);
}
