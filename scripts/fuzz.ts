// `npm run fuzz [runs per route] [seed] [route filter]`: the generated bad-input test at depth. Sends RUNS
// requests (default 1,000) to every /api route from its declared schemas, as the right and the
// wrong callers, on a fresh in-memory database, and prints the answers by status per route and
// in all. Exits 1 when any answer is a 5xx or a 4xx without a JSON message, listing them.
import { createFuzzWorld } from "../src/server/test/fuzz-world.ts";
import { createTestApp } from "../src/server/test/test-app.ts";

const runs = Number(process.argv[2] ?? 1000);
const seed = Number(process.argv[3] ?? 20261124);
/** Only the routes whose "METHOD /url" contains this text. */
const filter = process.argv[4] ?? "";
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error("usage: npm run fuzz [runs per route] [seed] [route filter]");
  process.exit(2);
}

const t = await createTestApp({
  config: {
    openai: {
      baseUrl: "http://127.0.0.1:9/v1",
      apiKey: undefined,
      model: "stub",
      embeddingModel: "stub-embedding",
      timeoutMs: 2000,
    },
  },
});
const world = await createFuzzWorld(t);
const routes = t.app.routeCatalog.filter(
  (entry) => entry.method !== "HEAD" && `${entry.method} ${entry.url}`.includes(filter),
);
const total = new Map<number, number>();
const problems: string[] = [];
const started = Date.now();
const byStatus = (counts: Map<number, number>) =>
  [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(", ");

console.log(`fuzz: ${routes.length} routes, ${runs} requests each, seed ${seed}`);
for (const entry of routes) {
  const result = await world.fuzz(entry, { runs, seed });
  for (const [status, count] of result.statuses) total.set(status, (total.get(status) ?? 0) + count);
  problems.push(...result.problems);
  console.log(`${`${entry.method} ${entry.url}`.padEnd(58)} ${byStatus(result.statuses)}`);
}
await t.close();

const requests = [...total.values()].reduce((sum, count) => sum + count, 0);
const serverErrors = [...total.entries()]
  .filter(([status]) => status >= 500)
  .reduce((sum, [, n]) => sum + n, 0);
console.log(
  `\n${requests} requests in ${((Date.now() - started) / 1000).toFixed(0)} s; by status: ${byStatus(total)}`,
);
console.log(`5xx: ${serverErrors}; problems: ${problems.length}`);
for (const problem of problems.slice(0, 50)) console.log(`  ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
