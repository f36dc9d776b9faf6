// Scheduling fit rows of `npm run bench`: a project of 300 students x 200 reviews each (a simulated
// class whose memory follows parameters unlike FSRS's defaults, seeded), fitted as the job does
// (the log turned into FSRS items in the server, the fit in its child process with the binding).
// Reported: the fit's time and the child's peak memory; log loss and RMSE of the defaults and the
// fit on the held-out students' reviews; and the p99 of a simple authenticated GET (/api/auth/me,
// in process on PGlite) during fits against without, alternating in the same run (target: within
// 1.5x).
//
// Alone: `npx tsx bench/scheduling-fit.ts`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { default_w } from "ts-fsrs";
import { openPglite } from "../src/server/db/pglite.ts";
import { fitInput } from "../src/server/modules/scheduling-fit/fit-data.ts";
import { runFit } from "../src/server/modules/scheduling-fit/fit-runner.ts";
import { simulateClass, UNLIKE_DEFAULTS } from "../src/server/modules/scheduling-fit/simulated-class.ts";
import { percentile } from "./document-search.ts";
import { inProcessApp } from "./in-process.ts";

export const FIT_BENCH_SIZES = { students: 300, reviews: 200 };
const ROUNDS = 5;
const P99_RATIO_TARGET = 1.5;

export interface FitBenchRow {
  metric: string;
  value: string;
  target: string;
  pass: boolean;
}

const p99 = (values: number[]) => percentile(values, 99) ?? 0;

export async function benchSchedulingFit(log: (message: string) => void): Promise<FitBenchRow[]> {
  const { students, reviews } = FIT_BENCH_SIZES;
  const label = `${students} students x ${reviews} reviews`;
  log(`scheduling fit: simulating ${label}`);
  const reviewLog = simulateClass({ students, reviews, truth: UNLIKE_DEFAULTS, seed: 20261207 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-bench-fit-"));
  const database = await openPglite(path.join(dataDir, "pg"));
  try {
    const { app, headers } = await inProcessApp(database, dataDir, "bench-fit@example.edu");
    // Each request waits for the event loop's next turn, as one arriving over HTTP would (an
    // inject() alone resolves without ever letting timers and the child's messages in).
    const get = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const started = performance.now();
      const reply = await app.inject({ method: "GET", url: "/api/auth/me", headers });
      if (reply.statusCode !== 200) throw new Error(`GET /api/auth/me answered ${reply.statusCode}`);
      return performance.now() - started;
    };
    for (let warm = 0; warm < 200; warm += 1) await get();
    const quiet: number[] = [];
    const during: number[] = [];
    const fits: Array<{ ms: number; childMs: number; peakRssMb: number; convertMs: number }> = [];
    type Figures = { logLoss: number; rmse: number };
    const figures: { defaults?: Figures; fitted?: Figures } = {};
    for (let round = 0; round < ROUNDS; round += 1) {
      // Without a fit: as long as the last fit took (at least a second).
      const quietFor = Math.max(1000, fits.at(-1)?.ms ?? 1000);
      const quietStart = performance.now();
      while (performance.now() - quietStart < quietFor) quiet.push(await get());
      // During a fit, as the job runs it: the log turned into items here, then the child.
      let done = false;
      const fit = (async () => {
        try {
          await new Promise((resolve) => setImmediate(resolve));
          const started = performance.now();
          const input = fitInput(reviewLog, 1);
          const convertMs = performance.now() - started;
          const reply = await runFit({ defaults: [...default_w], tasks: [input.classTask] });
          if (!reply.ok) throw new Error(reply.reason);
          const [result] = reply.results;
          if (!result?.ok) throw new Error(result?.reason ?? "no result");
          figures.defaults = result.defaults;
          figures.fitted = result.fitted;
          fits.push({
            ms: performance.now() - started,
            childMs: reply.ms,
            peakRssMb: reply.peakRssMb,
            convertMs,
          });
        } finally {
          done = true;
        }
      })();
      while (!done) during.push(await get());
      await fit;
      log(`scheduling fit: round ${round + 1}: ${fits.at(-1)?.ms.toFixed(0)} ms`);
    }
    await app.close();
    const mean = (pick: (fit: (typeof fits)[number]) => number) =>
      fits.reduce((sum, fit) => sum + pick(fit), 0) / fits.length;
    const quietP99 = p99(quiet);
    const duringP99 = p99(during);
    const ratio = duringP99 / quietP99;
    const result = figures as Required<typeof figures>;
    return [
      {
        metric: `Scheduling fit: one project's fit (${label}), log to items in the server then the child process (mean of ${ROUNDS})`,
        value: `${mean((fit) => fit.ms).toFixed(0)} ms (items ${mean((fit) => fit.convertMs).toFixed(0)} ms, child ${mean((fit) => fit.childMs).toFixed(0)} ms)`,
        target: "—",
        pass: true,
      },
      {
        metric: "Scheduling fit: the child's peak memory (RSS)",
        value: `${Math.max(...fits.map((fit) => fit.peakRssMb))} MB`,
        target: "< 512 MB heap limit",
        pass: true,
      },
      {
        metric: `Scheduling fit: p99 of GET /api/auth/me during fits against without (in process, PGlite, alternating ${ROUNDS} rounds)`,
        value: `${duringP99.toFixed(1)} ms against ${quietP99.toFixed(1)} ms (${ratio.toFixed(2)}x; longest ${during.reduce((a, b) => Math.max(a, b), 0).toFixed(0)} against ${quiet.reduce((a, b) => Math.max(a, b), 0).toFixed(0)} ms; ${during.length} and ${quiet.length} requests)`,
        target: `<= ${P99_RATIO_TARGET}x`,
        pass: ratio <= P99_RATIO_TARGET,
      },
      {
        metric: "Scheduling fit: held-out students' reviews, log loss and RMSE, defaults against fitted",
        value: `log loss ${result.defaults.logLoss.toFixed(4)} against ${result.fitted.logLoss.toFixed(4)}, RMSE ${result.defaults.rmse.toFixed(4)} against ${result.fitted.rmse.toFixed(4)}`,
        target: "fitted lower",
        pass: result.fitted.logLoss < result.defaults.logLoss,
      },
    ];
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchSchedulingFit((message) => console.error(message));
  for (const row of rows)
    console.log(`${row.metric}: ${row.value} (target ${row.target}) ${row.pass ? "met" : "missed"}`);
}
