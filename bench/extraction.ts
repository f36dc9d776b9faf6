// Extraction rows of `npm run bench`: a 300-page PDF generated with pdfkit, read as the
// document job reads it (the text pipeline's child process, extractPassages: unpdf page by page,
// then passages of about 1,000 characters); passages per second, median of EXTRACTION_ROUNDS
// (default 3). Runs alone too: `npx tsx bench/extraction.ts`.
import { fileURLToPath } from "node:url";
import { extractPassages } from "../src/server/platform/text-pipeline/text-extraction.ts";
import { makePdf, prose } from "../src/server/test/text-fixtures.ts";
import type { BenchRow } from "./templates-bench.ts";

const PAGES = 300;
const ROUNDS = Number(process.env.EXTRACTION_ROUNDS || 3);

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export async function benchExtraction(
  log: (message: string) => void,
): Promise<{ rows: BenchRow[]; notes: string[] }> {
  log(`extraction: generating a ${PAGES}-page PDF`);
  const pages = Array.from({ length: PAGES }, (_, page) => prose(`topic ${page + 1}`, 12, page * 12 + 1));
  const pdf = await makePdf(pages);
  const runs: Array<{ seconds: number; passages: number; characters: number }> = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const result = await extractPassages(pdf, "application/pdf", { timeoutMs: 300_000 });
    const seconds = (performance.now() - started) / 1000;
    if (result.status !== "text") throw new Error(`extraction failed: ${JSON.stringify(result)}`);
    if (result.pages.length !== PAGES)
      throw new Error(`expected ${PAGES} pages, read ${result.pages.length}`);
    runs.push({
      seconds,
      passages: result.passages.length,
      characters: result.passages.reduce((sum, passage) => sum + passage.text.length, 0),
    });
    log(`extraction: round ${round + 1}: ${result.passages.length} passages in ${seconds.toFixed(2)} s`);
  }
  const seconds = median(runs.map((run) => run.seconds));
  const passages = runs[0]?.passages ?? 0;
  return {
    rows: [
      {
        metric: `text extraction and passages, ${PAGES}-page PDF (${(pdf.length / 1024 / 1024).toFixed(1)} MiB, ${passages} passages), median of ${ROUNDS}`,
        value: `${Math.round(passages / seconds)} passages/s (${seconds.toFixed(2)} s)`,
        target: "—",
        pass: true,
      },
    ],
    notes: [
      `extraction: ${PAGES} pages, ${passages} passages of ${Math.round((runs[0]?.characters ?? 0) / Math.max(1, passages))} characters on average; rounds ${runs.map((run) => `${run.seconds.toFixed(2)} s`).join(", ")}`,
    ],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rows, notes } = await benchExtraction((message) => console.log(message));
  for (const row of rows) console.log(`${row.metric}: ${row.value}`);
  for (const note of notes) console.log(note);
}
