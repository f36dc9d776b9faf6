// `npm run bench`: one run, one markdown table (issue 2, "Benchmark"). Not part of `npm test`.
//
//   1. gzipped JS of the sign-in page: files named by dist/client/index.html, and (when Chromium is
//      found) every byte Chromium transfers to show "/" signed out (bench/sign-in-transfer.ts).
//   2. start-up: spawn `node dist/server/index.js` (as npm start; built first) on a fresh DATA_DIR and a free
//      port, embedded PGlite; time until GET /api/health answers 200 (polled every 25 ms).
//   3. register the first account, sign in, autocannon GET /api/auth/me (bearer) for 10 s at 10 and
//      at 50 connections, after a short warm-up.
//   4. the same load, 10 connections, on GET /api/templates/search: the seeded library in one answer,
//      the largest JSON the API sends.
//   5. Lighthouse (bench/lighthouse.ts) on the sign-in page, the dashboard, Project Templates and
//      the Methodology Wizard, mobile and desktop presets, in the system Chromium.
//   6. the same load on a bare Fastify hello-world in its own process (bench/hello-server.ts).
//
// Exit code 0 when every target is met, 1 otherwise or when a step fails. Env: BENCH_DURATION
// (seconds per measurement, default 10), LOG_LEVEL (passed to the server; default: the server's).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon, { type Result } from "autocannon";
import { CHROMIUM_PATH } from "../e2e/chromium.ts";
import { SIGN_IN_TRANSFER_BUDGET } from "../e2e/page-transfer.ts";
import { entryBundleSize } from "./bundle-size.ts";
import { type LighthouseScore, lighthouseScores } from "./lighthouse.ts";
import {
  BenchError,
  freePort,
  installCleanupHandlers,
  makeTempDir,
  removeTempDir,
  startProcess,
  stopProcess,
  waitForOk,
} from "./processes.ts";
import { measureSignInTransfer } from "./sign-in-transfer.ts";
import { benchTemplates } from "./templates-bench.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const distDir = path.join(root, "dist", "client");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const serverEntry = path.join(root, "dist", "server", "index.js");
const helloEntry = path.join(root, "bench", "hello-server.ts");
const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const WARMUP_S = 3;
const CONNECTIONS = [10, 50] as const;

const TARGETS = {
  startupMs: 5_000,
  ratioAt10: 0.25,
  p99At10Ms: 50,
  signInJsGzip: 150 * 1024,
  lighthouseMobile: 90,
  signInTransfer: SIGN_IN_TRANSFER_BUDGET,
};

type Verdict = "pass" | "fail" | "";
interface Row {
  order: number;
  metric: string;
  value: string;
  target: string;
  verdict: Verdict;
}
const rows: Row[] = [];
const notes: string[] = [];

/** Rows print sorted by `order` (start-up, load, bundle), whatever order they were measured in. */
function row(order: number, metric: string, value: string, target = "—", verdict: Verdict = "") {
  rows.push({ order, metric, value, target, verdict });
}
const check = (ok: boolean): Verdict => (ok ? "pass" : "fail");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rps = (n: number) => Math.round(n).toLocaleString("en-US");
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`;
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

function printTable() {
  const header = ["metric", "value", "target", "pass/fail"];
  const body = [...rows]
    .sort((a, b) => a.order - b.order)
    .map((r) => [r.metric, r.value, r.target, r.verdict]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => (cells[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(line(header));
  console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const cells of body) console.log(line(cells));
}

function log(message: string) {
  process.stderr.write(`bench: ${message}\n`);
}

async function load(url: string, connections: number, seconds: number, headers: Record<string, string> = {}) {
  return (await autocannon({ url, connections, duration: seconds, headers, timeout: 10 })) as Result;
}

/** A measurement whose requests did not all answer 2xx is not a measurement. */
function assertClean(label: string, result: Result) {
  const problems: string[] = [];
  if (result.errors) problems.push(`${result.errors} connection errors`);
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`);
  if (result.non2xx)
    problems.push(`${result.non2xx} non-2xx answers ${JSON.stringify(result.statusCodeStats ?? {})}`);
  if (result.requests.total === 0) problems.push("no request completed");
  if (problems.length) throw new BenchError(`${label}: ${problems.join(", ")}`);
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

async function main() {
  installCleanupHandlers();
  log(`node ${process.version}, ${os.cpus().length} cores, ${DURATION_S} s per measurement`);

  if (!fs.existsSync(serverEntry))
    throw new BenchError("dist/server/index.js not found: build first (`npm run bench` does it).");
  if (!fs.existsSync(tsx)) throw new BenchError("node_modules/.bin/tsx not found: run `npm install` first.");
  if (!fs.existsSync(path.join(distDir, "index.html"))) {
    throw new BenchError(
      "dist/client/index.html not found: build the client first (`npm run bench` does it).",
    );
  }

  // 1. Bundle size from the build.
  const bundle = entryBundleSize(distDir);
  row(
    90,
    `sign-in page JS, gzipped (index.html: ${bundle.files.length} module script/preload file(s))`,
    kb(bundle.totalGzip),
    "< 150 KB",
    check(bundle.totalGzip < TARGETS.signInJsGzip),
  );
  notes.push(
    `index.html JS: ${bundle.files.map((f) => `${f.file} ${kb(f.bytes)} → ${kb(f.gzipBytes)} gz`).join(", ")}`,
  );

  // 2. Start-up on a fresh DATA_DIR.
  const dataDir = makeTempDir("pl-bench-data-");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "", // the embedded database, whatever the caller's environment says
  };
  log(`starting the server on ${baseUrl} (DATA_DIR ${dataDir})`);
  const spawnedAt = performance.now();
  // As `npm start` runs it: the compiled server, the server being that very process.
  const server = startProcess(
    "the server (npm start)",
    process.execPath,
    ["--enable-source-maps", serverEntry],
    serverEnv,
    root,
  );
  const startupMs = await waitForOk(server, `${baseUrl}/api/health`, spawnedAt, {
    intervalMs: 25,
    timeoutMs: 60_000,
  });
  row(
    0,
    "start-up to healthy (fresh DATA_DIR, embedded PGlite)",
    seconds(startupMs),
    "< 5 s",
    check(startupMs < TARGETS.startupMs),
  );

  const listening = server.firstLines.find((l) => l.line.startsWith("listening on "));
  const firstOutput = server.firstLines[0];
  notes.push(
    `start-up: first output after ${firstOutput ? seconds(firstOutput.at - spawnedAt) : "—"}, ` +
      `"listening on" after ${listening ? seconds(listening.at - spawnedAt) : "— (line not seen)"}, ` +
      `health 200 after ${seconds(startupMs)}`,
  );

  // 3. First account, sign in, load on /api/auth/me.
  const account = {
    name: "Bench Admin",
    email: `bench-${Date.now()}@bench.example.edu`,
    password: "Bench-Passw0rd!-long-enough",
    title: "Professor",
    department: "Benchmarking",
    institution: "Example State University",
    role: "instructor",
  };
  const registered = await postJson(`${baseUrl}/api/auth/register`, account);
  if (registered.status !== 201)
    throw new BenchError(`registering the first account answered ${registered.status}: ${registered.text}`);
  const login = await postJson(`${baseUrl}/api/auth/login`, {
    email: account.email,
    password: account.password,
  });
  const sessionId = (login.json as { sessionId?: unknown } | undefined)?.sessionId;
  if (login.status !== 200 || typeof sessionId !== "string") {
    throw new BenchError(`signing in answered ${login.status}: ${login.text}`);
  }
  const auth = { authorization: `Bearer ${sessionId}` };
  const me = await fetch(`${baseUrl}/api/auth/me`, { headers: auth });
  if (me.status !== 200) throw new BenchError(`GET /api/auth/me answered ${me.status}: ${await me.text()}`);

  log(`GET /api/auth/me: warm-up ${WARMUP_S} s`);
  assertClean("warm-up /api/auth/me", await load(`${baseUrl}/api/auth/me`, 10, WARMUP_S, auth));
  const meResults = new Map<number, Result>();
  for (const connections of CONNECTIONS) {
    log(`GET /api/auth/me: ${connections} connections, ${DURATION_S} s`);
    const result = await load(`${baseUrl}/api/auth/me`, connections, DURATION_S, auth);
    assertClean(`GET /api/auth/me at ${connections} connections`, result);
    meResults.set(connections, result);
  }

  // The seeded library, one answer of every approved template (the largest JSON the API sends).
  const searchUrl = `${baseUrl}/api/templates/search`;
  const library = await fetch(searchUrl, { headers: auth });
  if (library.status !== 200)
    throw new BenchError(`GET /api/templates/search answered ${library.status}: ${await library.text()}`);
  const libraryBody = await library.text();
  const libraryCount = (JSON.parse(libraryBody) as unknown[]).length;
  log(`GET /api/templates/search (${libraryCount} templates): warm-up ${WARMUP_S} s, then ${DURATION_S} s`);
  assertClean("warm-up /api/templates/search", await load(searchUrl, 10, WARMUP_S, auth));
  const searchResult = await load(searchUrl, 10, DURATION_S, auth);
  assertClean("GET /api/templates/search at 10 connections", searchResult);

  const transfer = await measureSignInTransfer(baseUrl).catch((error: Error) => {
    notes.push(`Chromium measurement failed: ${error.message.split("\n")[0]}`);
    return null;
  });
  if (transfer) {
    row(
      91,
      `sign-in page, transferred by Chromium at / signed out (compressed, headers included, after network idle: ${transfer.files.length} responses)`,
      kb(transfer.totalBytes),
      "< 100 KB",
      check(transfer.totalBytes < TARGETS.signInTransfer),
    );
    notes.push(
      `transferred at /: ${[...transfer.files]
        .sort((a, b) => b.bodyBytes - a.bodyBytes)
        .map((f) => `${f.path} ${kb(f.bodyBytes + f.headerBytes)} (${f.encoding})`)
        .join(", ")}`,
    );
  } else if (transfer === undefined) {
    notes.push("no Chromium (CHROMIUM_PATH or /usr/bin/chromium): the page was not loaded in a browser");
  }

  if (fs.existsSync(CHROMIUM_PATH)) {
    log("Lighthouse: 4 pages, mobile and desktop presets");
    const faculty = (login.json as { faculty?: unknown }).faculty;
    const scores = await lighthouseScores(baseUrl, { sessionId, faculty }).catch((error: Error) => {
      notes.push(`Lighthouse failed: ${error.message.split("\n")[0]}`);
      return [] as LighthouseScore[];
    });
    for (const [index, score] of scores.entries()) {
      const mobile = score.preset === "mobile";
      row(
        300 + index,
        `Lighthouse ${score.page}, ${score.preset}: performance / accessibility`,
        `${score.performance} / ${score.accessibility}`,
        mobile ? "≥ 90 / 100" : "— / 100",
        check((!mobile || score.performance >= TARGETS.lighthouseMobile) && score.accessibility === 100),
      );
    }
    notes.push(
      ...scores.map(
        (s) => `Lighthouse ${s.page} ${s.preset}: FCP ${s.fcpMs} ms, LCP ${s.lcpMs} ms, TBT ${s.tbtMs} ms`,
      ),
    );
  }

  await stopProcess(server);
  removeTempDir(dataDir);

  // 4. The baseline, alone on the machine.
  const helloPort = await freePort();
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  const helloStarted = performance.now();
  const hello = startProcess(
    "Fastify hello-world (bench/hello-server.ts)",
    process.execPath,
    ["--import", "tsx", helloEntry],
    { ...process.env, PORT: String(helloPort), HOST: "127.0.0.1" },
    root,
  );
  await waitForOk(hello, helloUrl, helloStarted, { intervalMs: 25, timeoutMs: 30_000 });
  log(`hello-world: warm-up ${WARMUP_S} s`);
  assertClean("warm-up hello-world", await load(helloUrl, 10, WARMUP_S));
  const helloResults = new Map<number, Result>();
  for (const connections of CONNECTIONS) {
    log(`hello-world: ${connections} connections, ${DURATION_S} s`);
    const result = await load(helloUrl, connections, DURATION_S);
    assertClean(`hello-world at ${connections} connections`, result);
    helloResults.set(connections, result);
  }
  await stopProcess(hello);

  for (const connections of CONNECTIONS) {
    const m = meResults.get(connections);
    const h = helloResults.get(connections);
    if (!m || !h) continue;
    const at10 = connections === 10;
    const base = connections; // 10s before 50s
    const ratio = m.requests.average / h.requests.average;
    row(base + 1, `GET /api/auth/me, ${connections} connections: requests/s`, rps(m.requests.average));
    row(
      base + 2,
      `GET /api/auth/me, ${connections} connections: p99 latency`,
      ms(m.latency.p99),
      at10 ? "< 50 ms" : "—",
      at10 ? check(m.latency.p99 < TARGETS.p99At10Ms) : "",
    );
    row(base + 3, `Fastify hello-world, ${connections} connections: requests/s`, rps(h.requests.average));
    row(base + 4, `Fastify hello-world, ${connections} connections: p99 latency`, ms(h.latency.p99));
    row(
      base + 5,
      `/api/auth/me ÷ hello-world requests/s, ${connections} connections`,
      `${(ratio * 100).toFixed(1)}%`,
      at10 ? "≥ 25%" : "—",
      at10 ? check(ratio >= TARGETS.ratioAt10) : "",
    );
  }

  const helloAt10 = helloResults.get(10);
  if (helloAt10) {
    const label = `GET /api/templates/search (${libraryCount} seeded templates, ${kb(Buffer.byteLength(libraryBody))}), 10 connections`;
    row(30, `${label}: requests/s`, rps(searchResult.requests.average));
    row(31, `${label}: p99 latency`, ms(searchResult.latency.p99));
    row(
      32,
      "/api/templates/search ÷ hello-world requests/s, 10 connections",
      `${((searchResult.requests.average / helloAt10.requests.average) * 100).toFixed(1)}%`,
    );
  }

  // 6. The template library at 10,000 templates (in process, on PGlite).
  const templates = await benchTemplates(log);
  for (const [index, entry] of templates.rows.entries()) {
    row(200 + index, entry.metric, entry.value, entry.target, check(entry.pass));
  }
  notes.push(...templates.notes);
}

const outcome = await main().then(
  () => undefined,
  (error: unknown) => error,
);

if (rows.length) {
  console.log("");
  printTable();
  console.log("");
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "unknown CPU"}); autocannon ${DURATION_S} s per row after a ${WARMUP_S} s warm-up; latencies in whole ms (autocannon's resolution); 1 KB = 1024 bytes, gzip level 9.`,
  );
  for (const note of notes) console.log(`- ${note}`);
}

if (outcome) {
  const message =
    outcome instanceof BenchError
      ? outcome.message
      : outcome instanceof Error
        ? (outcome.stack ?? outcome.message)
        : String(outcome);
  console.error(`\nbench: FAILED: ${message}`);
  process.exit(1);
}
const failed = rows.filter((r) => r.verdict === "fail");
if (failed.length) {
  console.error(`\nbench: ${failed.length} target(s) missed: ${failed.map((r) => r.metric).join("; ")}`);
  process.exit(1);
}
process.exit(0);
