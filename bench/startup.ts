// Start-up and memory of the compiled server, several runs, medians. Not part of
// `npm run bench` (which measures each once); for comparing two builds side by side in the same
// minutes, since this machine's speed moves from minute to minute.
//
//   npx tsx bench/startup.ts [label=path/to/index.js[,working-folder[,node options]] ...]
//
// Each entry defaults to dist/server/index.js, run in the repository's folder (where the server
// finds dist/client and its database template) with --enable-source-maps as `npm start` runs it;
// another build can run in a folder of its own, with other options ("-" for none).
//
// Per round and entry, in turn: a start on a fresh DATA_DIR, a stop (SIGTERM), a start on that
// DATA_DIR again; each timed from spawn to the first 200 of /api/health, with the CPU time the
// server had used by then (which other work on the machine moves much less than the wall clock).
// Then, with STARTUP_MEMORY=1, resident memory idle and after 20,000 requests of GET /api/auth/me
// with a session, on PGlite and, with BENCH_DATABASE_URL (a role that may create databases: each
// run gets a database of its own, dropped afterwards), on PostgreSQL.
// Env: STARTUP_ROUNDS (default 5; 0 for memory only), STARTUP_MEMORY_ROUNDS (default 3).
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import {
  cpuMs,
  freePort,
  installCleanupHandlers,
  type ManagedProcess,
  makeTempDir,
  removeTempDir,
  residentBytes,
  startProcess,
  stopProcess,
  waitForOk,
} from "./processes.ts";
import { firstAccount } from "./server.ts";
import { median } from "./throughput.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROUNDS = Number(process.env.STARTUP_ROUNDS || 5);

interface Entry {
  label: string;
  file: string;
  cwd: string;
  options: string[];
}

const entries: Entry[] = (
  process.argv.length > 2 ? process.argv.slice(2) : ["current=dist/server/index.js"]
).map((argument) => {
  const [label = "", spec = ""] = argument.includes("=") ? argument.split("=", 2) : [argument, argument];
  const [file = "", cwd = root, options = "--enable-source-maps"] = spec.split(",");
  return {
    label,
    file: path.resolve(root, file),
    cwd: path.resolve(root, cwd),
    options: options === "-" ? [] : options.split(" "),
  };
});

async function start(entry: Entry, dataDir: string, env: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const server = startProcess(
    "server",
    process.execPath,
    [...entry.options, entry.file],
    { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", ...env },
    entry.cwd,
  );
  const startupMs = await waitForOk(server, `${baseUrl}/api/health`, spawnedAt, { intervalMs: 10 });
  return { server, baseUrl, startupMs, cpuMs: cpuMs(server) };
}

const residentMib = (proc: ManagedProcess): number => residentBytes(proc) / 1024 / 1024;

const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));
const seconds = (values: number[]) =>
  `${(median(values) / 1000).toFixed(2)} s (${values.map((v) => (v / 1000).toFixed(2)).join(", ")})`;

interface Memory {
  idle: number;
  loaded: number;
}

/** Resident memory idle (on the second start, as `npm run bench` measures it) and after 20,000 requests. */
async function memory(entry: Entry, env: NodeJS.ProcessEnv = {}): Promise<Memory> {
  const dataDir = makeTempDir("pl-startup-mem-");
  await stopProcess((await start(entry, dataDir, env)).server);
  const { server, baseUrl } = await start(entry, dataDir, env);
  await settle();
  const idle = residentMib(server);
  const { headers } = await firstAccount(baseUrl);
  const result = await autocannon({
    url: `${baseUrl}/api/auth/me`,
    connections: 10,
    amount: 20_000,
    headers,
  });
  if (result.non2xx || result.errors)
    throw new Error(`autocannon: ${result.non2xx} non-2xx, ${result.errors} errors`);
  await settle();
  const loaded = residentMib(server);
  await stopProcess(server);
  removeTempDir(dataDir);
  return { idle, loaded };
}

/** A database of its own on the server of `url`, for `run`; dropped afterwards. */
async function withDatabase<T>(url: string, run: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `pl_startup_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${name}`;
    return await run(databaseUrl.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main() {
  installCleanupHandlers();
  const results = new Map(
    entries.map((e) => [
      e.label,
      { fresh: [] as number[], freshCpu: [] as number[], again: [] as number[], againCpu: [] as number[] },
    ]),
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const entry of entries) {
      const result = results.get(entry.label);
      if (!result) continue;
      const dataDir = makeTempDir("pl-startup-");
      const fresh = await start(entry, dataDir);
      await stopProcess(fresh.server);
      const again = await start(entry, dataDir);
      await stopProcess(again.server);
      removeTempDir(dataDir);
      result.fresh.push(fresh.startupMs);
      result.freshCpu.push(fresh.cpuMs);
      result.again.push(again.startupMs);
      result.againCpu.push(again.cpuMs);
      process.stderr.write(
        `round ${round + 1} ${entry.label}: fresh ${(fresh.startupMs / 1000).toFixed(2)} s, existing ${(again.startupMs / 1000).toFixed(2)} s\n`,
      );
    }
  }
  for (const [label, result] of ROUNDS > 0 ? results : []) {
    console.log(`${label}: start-up to healthy, fresh DATA_DIR: ${seconds(result.fresh)}`);
    console.log(`${label}: start-up to healthy, existing DATA_DIR: ${seconds(result.again)}`);
    console.log(`${label}: CPU time until healthy, fresh DATA_DIR: ${seconds(result.freshCpu)}`);
    console.log(`${label}: CPU time until healthy, existing DATA_DIR: ${seconds(result.againCpu)}`);
  }
  if (process.env.STARTUP_MEMORY !== "1") return;
  const postgresUrl = process.env.BENCH_DATABASE_URL?.trim();
  const memoryRounds = Number(process.env.STARTUP_MEMORY_ROUNDS || 3);
  const mib = (values: number[]) =>
    `${median(values).toFixed(0)} MiB (${values.map((v) => v.toFixed(0)).join(", ")})`;
  const measured = new Map(
    entries.map((e) => [e.label, { pglite: [] as Memory[], postgres: [] as Memory[] }]),
  );
  for (let round = 0; round < memoryRounds; round += 1) {
    for (const entry of entries) {
      const result = measured.get(entry.label);
      result?.pglite.push(await memory(entry));
      if (postgresUrl) {
        result?.postgres.push(await withDatabase(postgresUrl, (url) => memory(entry, { DATABASE_URL: url })));
      }
      process.stderr.write(`memory round ${round + 1} ${entry.label} done\n`);
    }
  }
  for (const [label, result] of measured) {
    for (const [kind, runs] of [
      ["PGlite", result.pglite],
      ["PostgreSQL", result.postgres],
    ] as const) {
      if (!runs.length) continue;
      console.log(`${label}: RSS idle, ${kind}: ${mib(runs.map((r) => r.idle))}`);
      console.log(`${label}: RSS after 20,000 requests, ${kind}: ${mib(runs.map((r) => r.loaded))}`);
    }
  }
}

await main();
process.exit(0);
