// Lighthouse alone: the four pages of `npm run bench`, mobile and desktop, a few
// rounds on one fresh server, with the median of each figure. After a build:
//
//   node scripts/ensure-build.mjs && npx tsx bench/lighthouse-pages.ts [rounds, default 3]
//
// Lighthouse's mobile preset multiplies the main thread's observed times by four, so the scores
// move with this machine's load (printed with them): compare two builds in the same period.
import fs from "node:fs";
import os from "node:os";
import { type LighthouseScore, lighthouseScores } from "./lighthouse.ts";
import { BenchError, installCleanupHandlers, makeTempDir, removeTempDir, stopProcess } from "./processes.ts";
import { firstAccount, serverEntry, startServer } from "./server.ts";
import { median } from "./throughput.ts";

const rounds = Number(process.argv[2] ?? 3);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");

async function main() {
  installCleanupHandlers();
  if (!fs.existsSync(serverEntry))
    throw new BenchError("no build: run `node scripts/ensure-build.mjs` first");
  const loadBefore = load();
  const dataDir = makeTempDir("pl-lighthouse-");
  const { server, baseUrl } = await startServer(dataDir);
  const scores: LighthouseScore[] = [];
  try {
    const admin = await firstAccount(baseUrl);
    for (let round = 1; round <= rounds; round++) {
      process.stderr.write(`lighthouse: round ${round} of ${rounds} (load ${load()})\n`);
      scores.push(...(await lighthouseScores(baseUrl, admin)));
    }
  } finally {
    await stopProcess(server);
    removeTempDir(dataDir);
  }

  const groups = new Map<string, LighthouseScore[]>();
  for (const score of scores) {
    const key = `${score.page}, ${score.preset}`;
    groups.set(key, [...(groups.get(key) ?? []), score]);
  }
  console.log("| page | performance (median; each run) | accessibility (lowest) | FCP | LCP | TBT |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const [key, runs] of groups) {
    const of = (pick: (score: LighthouseScore) => number) => Math.round(median(runs.map(pick)));
    const performance = `${of((score) => score.performance)} (${runs.map((score) => score.performance).join(", ")})`;
    const accessibility = Math.min(...runs.map((score) => score.accessibility));
    console.log(
      `| ${key} | ${performance} | ${accessibility} | ${of((score) => score.fcpMs)} ms | ${of((score) => score.lcpMs)} ms | ${of((score) => score.tbtMs)} ms |`,
    );
  }
  console.log(
    `\n${rounds} rounds; load average (1, 5, 15 min) ${loadBefore} before, ${load()} after; ${os.cpus().length} cores.`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
