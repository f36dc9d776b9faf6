import { CsvError, parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

/**
 * The product's one CSV writer and reader (RFC 4180 through csv-stringify and csv-parse). Every
 * export writes through `writeCsv` and every import reads through `readCsv`.
 *
 * Formula injection (OWASP, "CSV Injection"): a text cell that starts with `=`, `+`, `-`, `@`, a
 * tab or a carriage return is prefixed with an apostrophe, so a spreadsheet shows it as text and
 * never runs it. `readCsv` takes the apostrophe off again, so an export imports back as written.
 * Numbers are written as numbers (a negative number is not text a spreadsheet would run).
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

export type CsvCell = string | number | null | undefined;

/** A text cell as a spreadsheet may safely open it. */
export const neutralise = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** Undoes `neutralise` (a cell read from a file this product wrote). */
export const restore = (value: string) => (NEUTRALISED.test(value) ? value.slice(1) : value);

const cellOf = (value: CsvCell) =>
  value === null || value === undefined ? "" : typeof value === "number" ? value : neutralise(value);

/** CSV with a header row, CRLF line ends; `bom` for files Excel should read as UTF-8. */
export function writeCsv(
  columns: readonly string[],
  rows: ReadonlyArray<readonly CsvCell[]>,
  options: { bom?: boolean } = {},
): string {
  return stringify(
    rows.map((row) => row.map(cellOf)),
    {
      header: true,
      columns: columns.map(neutralise),
      bom: options.bom ?? false,
      record_delimiter: "windows",
      // Any line break inside a cell is quoted (csv-stringify alone quotes only CRLF).
      quoted_match: /[\r\n]/,
    },
  );
}

/** A CSV file that cannot be read, with the line (1 = the first) of the record where it failed. */
export class CsvReadError extends Error {
  constructor(
    readonly line: number,
    detail: string,
  ) {
    super(`Line ${line}: ${detail}`);
  }
}

const LINE_BREAK = /\r\n|\r|\n/g;
const lineBreaks = (text: string) => text.match(LINE_BREAK)?.length ?? 0;

/**
 * Parses CSV into records with the line each starts on (1 = the header), cells restored (see
 * `neutralise`); a BOM and empty lines are skipped, records may differ in length. Throws a
 * `CsvReadError` naming the line of the record that cannot be read (e.g. a quote never closed).
 */
export function readCsv(source: string): Array<{ line: number; cells: string[] }> {
  const text = source.replace(/^\uFEFF/, "");
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    parsed = parse(text, {
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      // Files edited by hand may mix line ends.
      record_delimiter: ["\r\n", "\n", "\r"],
      skip_empty_lines: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const { bytes_records: done } = error as CsvError & { bytes_records?: number };
    // The failing record starts after the records read so far and any empty lines after them.
    const before = Buffer.from(text, "utf8")
      .subarray(0, done ?? 0)
      .toString("utf8");
    const rest = text.slice(before.length);
    const blank = /^(?:[ \t]*(?:\r\n|\r|\n))*/.exec(rest)?.[0] ?? "";
    const line = 1 + lineBreaks(before) + lineBreaks(blank);
    const detail =
      error.code === "CSV_QUOTE_NOT_CLOSED" ? "a quoted cell is never closed" : "the CSV cannot be read";
    throw new CsvReadError(line, detail);
  }
  // csv-parse counts the line a record ends on; a record's cells hold the line breaks it spans.
  return parsed.map(({ record, info }) => ({
    line: info.lines - record.reduce((sum, cell) => sum + lineBreaks(cell), 0),
    cells: record.map(restore),
  }));
}
