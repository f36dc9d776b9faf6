// `npm run bench`: one run, one markdown table. Not part of `npm test`.
//
//   1. start-up: the compiled server (as `npm start` runs it) on a fresh DATA_DIR, embedded PGlite,
//      until GET /api/health answers 200; its memory when idle; then again on the same DATA_DIR.
//   2. throughput against a bare Fastify hello-world in its own process (bench/hello-server.ts),
//      back to back, BENCH_ROUNDS rounds, judged on the median ratio (bench/throughput.ts):
//      GET /api/auth/me at 10 and 50 connections, GET /api/templates/search?q=data at 10; the
//      server's memory after those requests.
//   3. what Chromium transfers to show "/" signed out (bench/sign-in-transfer.ts), and Lighthouse
//      on four pages, mobile and desktop (bench/lighthouse.ts).
//   4. the soak (bench/soak.ts): ten instructors for SOAK_MINUTES on a fresh server (with
//      BENCH_DATABASE_URL: two instances on one fresh PostgreSQL database, requests alternating);
//      first and last minute, errors, lost writes, each server's memory.
//   5. the template library at 10,000 templates, in process (bench/templates-bench.ts), Pivot Assets
//      with 20,000 retrieval items, 5,000 due (bench/pivot-assets.ts), the analytics summary and PDF
//      report of 200,000 events over a year (bench/analytics.ts), Cognitive Load Analytics'
//      summary over 50,000 check-ins across 40 projects (bench/cognitive-load.ts), a class
//      practising at once over HTTP against a bare-Fastify floor (bench/student-practice.ts: 60
//      students on PGlite; with BENCH_DATABASE_URL 300 on the compiled server, PostgreSQL, two
//      processes), the class figures of
//      300 enrolled students x 500 items (bench/class-mastery.ts), team formation for a class of
//      300 against random assignment (bench/team-formation.ts), a course's scheduling fit of 300
//      students x 200 reviews in its child process (bench/scheduling-fit.ts), text extraction and passages
//      of a generated 300-page PDF (bench/extraction.ts), document search over 100,000 passages,
//      full-text and hybrid (bench/document-search.ts), knowledge search over 100,000 passages,
//      recall@10 and an answer's first token (bench/knowledge-search.ts), and the
//      EXPLAIN pass: every statement behind the data routes on a large data set (bench/explain.ts).
//      Then four 50 MiB uploads at once and the server's memory growth (bench/uploads.ts).
//   6. with BENCH_DATABASE_URL: the server's memory on PostgreSQL, idle, after 20,000 requests, and
//      during four 50 MiB uploads at once.
//
// The machine's speed moves from run to run (other work shares it): the run fails only on ratios,
// sizes and correctness (errors, lost writes). Absolute times are printed against their targets
// as "met" or "missed" and never fail it. Env: BENCH_DURATION (seconds per measurement, default
// 10), BENCH_ROUNDS (3), SOAK_MINUTES (10; 0 skips the soak), BENCH_DATABASE_URL, LOG_LEVEL, and
// BENCH_ONLY (parts to run, comma-separated, from BENCH_PARTS: `BENCH_ONLY=practice,soak`).
//
// The table is also written to bench/results/latest.md (overwritten each run), with the date, the
// Node version, the commit, and the load average at the start and the end. Commit it with the change
// that moved the figures: prose elsewhere cites that file rather than figures of its own.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { CHROMIUM_PATH } from "../e2e/chromium.ts";
import { SIGN_IN_TRANSFER_BUDGET } from "../e2e/page-transfer.ts";
import { benchAnalytics } from "./analytics.ts";
import { benchClassMastery } from "./class-mastery.ts";
import { benchCognitiveLoad } from "./cognitive-load.ts";
import { benchDocumentSearch } from "./document-search.ts";
import { EXPLAIN_SIZES, explainPass } from "./explain.ts";
import { benchExtraction } from "./extraction.ts";
import { benchKnowledgeSearch } from "./knowledge-search.ts";
import { type LighthouseScore, lighthouseScores } from "./lighthouse.ts";
import { benchPivotAssets } from "./pivot-assets.ts";
import {
  BenchError,
  freePort,
  installCleanupHandlers,
  makeTempDir,
  removeTempDir,
  residentBytes,
  startProcess,
  stopProcess,
} from "./processes.ts";
import { benchSchedulingFit } from "./scheduling-fit.ts";
import { firstAccount, serverEntry, startServer } from "./server.ts";
import { measureSignInTransfer } from "./sign-in-transfer.ts";
import { soakFreshServer } from "./soak.ts";
import { benchStudentPractice } from "./student-practice.ts";
import { benchTeamFormation } from "./team-formation.ts";
import { type BenchRow, benchTemplates } from "./templates-bench.ts";
import { backToBack, median } from "./throughput.ts";
import { benchUploads, measureUploads, uploadRows } from "./uploads.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const distDir = path.join(root, "dist", "client");
const helloEntry = path.join(root, "bench", "hello-server.ts");
const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const WARMUP_S = 3;
const DATABASE_URL = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const RESULTS_FILE = path.join(root, "bench", "results", "latest.md");

/** The parts of the run, in order; BENCH_ONLY names some of them. */
const BENCH_PARTS = [
  "server",
  "soak",
  "templates",
  "pivot-assets",
  "analytics",
  "cognitive-load",
  "practice",
  "class-mastery",
  "team-formation",
  "scheduling-fit",
  "uploads",
  "extraction",
  "document-search",
  "knowledge-search",
  "explain",
  "postgres-memory",
] as const;
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean),
);
const runs = (part: (typeof BENCH_PARTS)[number]) => ONLY.size === 0 || ONLY.has(part);
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
const startedAt = new Date();
const loadAtStart = loadAverage();
/** The commit measured, and whether the work tree had changes then (bench/results/latest.md aside). */
function commitMeasured(): string {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
    const changed = git("status", "--porcelain")
      .split("\n")
      .filter((line) => line.trim() && !line.endsWith("bench/results/latest.md"));
    return `${git("rev-parse", "--short", "HEAD")}${changed.length ? ` with ${changed.length} uncommitted change(s)` : ""}`;
  } catch {
    return "unknown (no git)";
  }
}
const commit = commitMeasured();

const TARGETS = {
  startupFreshMs: 5_000,
  startupAgainMs: 1_500,
  meRatioAt10: 0.25,
  // The search target's 3,000 requests/s, as a ratio this machine's noise cannot move: the hello-world
  // answers 35,000 to 80,000 requests/s here, so 8% asks for 2,800 to 6,400.
  searchRatioAt10: 0.08,
  searchRps: 3_000,
  searchP99Ms: 20,
  signInTransfer: SIGN_IN_TRANSFER_BUDGET,
  lighthouseMobile: 90,
  soakThroughputKept: 0.8,
  soakP99Growth: 2,
};

/** pass/fail decide the exit code; met/missed are absolute figures the machine's noise moves. */
type Verdict = "pass" | "fail" | "met" | "missed" | "";
interface Row {
  order: number;
  metric: string;
  value: string;
  target: string;
  verdict: Verdict;
}
const rows: Row[] = [];
const notes: string[] = [];

function row(order: number, metric: string, value: string, target = "—", verdict: Verdict = "") {
  rows.push({ order, metric, value, target, verdict });
}
const gate = (ok: boolean): Verdict => (ok ? "pass" : "fail");
const info = (ok: boolean): Verdict => (ok ? "met" : "missed");
/** A part's rows in their order from `first`, `step` apart, each judged by `verdict` (met or missed). */
function partRows<T extends BenchRow>(
  first: number,
  entries: readonly T[],
  {
    step = 1,
    verdict = (entry: T) => info(entry.pass),
  }: { step?: number; verdict?: (entry: T) => Verdict } = {},
) {
  for (const [index, entry] of entries.entries()) {
    row(first + index * step, entry.metric, entry.value, entry.target, verdict(entry));
  }
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;
const rps = (n: number) => Math.round(n).toLocaleString("en-US");
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`;
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/** The table, as markdown lines. */
function tableLines(): string[] {
  const header = ["metric", "value", "target", "verdict"];
  const body = [...rows]
    .sort((a, b) => a.order - b.order)
    .map((r) => [r.metric, r.value, r.target, r.verdict]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => (cells[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...body.map(line)];
}

function log(message: string) {
  process.stderr.write(`bench: ${message}\n`);
}

/** Resident memory of a process (Linux /proc), in bytes. */

const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

async function main() {
  installCleanupHandlers();
  const unknown = [...ONLY].filter((part) => !(BENCH_PARTS as readonly string[]).includes(part));
  if (unknown.length)
    throw new BenchError(`BENCH_ONLY: no part ${unknown.join(", ")} (parts: ${BENCH_PARTS.join(", ")})`);
  log(
    `node ${process.version}, ${os.cpus().length} cores, ${DURATION_S} s per measurement, ${ROUNDS} rounds`,
  );
  if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(distDir, "index.html"))) {
    throw new BenchError("dist/server or dist/client missing: `npm run bench` builds them first.");
  }

  if (runs("server")) {
    // 1. Start-up, fresh and again, and memory when idle.
    const dataDir = makeTempDir("pl-bench-data-");
    const fresh = await startServer(dataDir);
    row(
      0,
      "start-up to healthy, fresh DATA_DIR (PGlite)",
      seconds(fresh.startupMs),
      "< 5 s",
      info(fresh.startupMs < TARGETS.startupFreshMs),
    );
    await stopProcess(fresh.server);
    const { server, baseUrl, startupMs } = await startServer(dataDir);
    row(
      1,
      "start-up to healthy, existing DATA_DIR (PGlite)",
      seconds(startupMs),
      "< 1.5 s",
      info(startupMs < TARGETS.startupAgainMs),
    );
    await settle();
    row(2, "server memory (RSS), idle, PGlite", mib(residentBytes(server)));

    const admin = await firstAccount(baseUrl);
    const hello = startProcess(
      "Fastify hello-world (bench/hello-server.ts)",
      process.execPath,
      ["--import", "tsx", helloEntry],
      { ...process.env, PORT: String(await freePort()), HOST: "127.0.0.1" },
      root,
    );
    const helloPort = await new Promise<string>((resolve, reject) => {
      const started = Date.now();
      const poll = () => {
        const line = hello.firstLines.find((l) => l.line.startsWith("listening on "));
        if (line) return resolve(line.line.slice("listening on ".length).trim());
        if (hello.exit || Date.now() - started > 30_000)
          return reject(new BenchError(`hello-world did not start: ${hello.tail()}`));
        setTimeout(poll, 50);
      };
      poll();
    });
    const helloUrl = `${helloPort}/`;

    // 2. Throughput, back to back with the hello-world.
    const measured: Array<{
      order: number;
      label: string;
      url: string;
      connections: number;
      ratioTarget?: number;
    }> = [
      {
        order: 10,
        label: "GET /api/auth/me",
        url: `${baseUrl}/api/auth/me`,
        connections: 10,
        ratioTarget: TARGETS.meRatioAt10,
      },
      { order: 20, label: "GET /api/auth/me", url: `${baseUrl}/api/auth/me`, connections: 50 },
      {
        order: 30,
        label: "GET /api/templates/search?q=data",
        url: `${baseUrl}/api/templates/search?q=data`,
        connections: 10,
        ratioTarget: TARGETS.searchRatioAt10,
      },
    ];
    let requests = 0;
    for (const entry of measured) {
      log(`${entry.label}, ${entry.connections} connections: ${ROUNDS} rounds against the hello-world`);
      const result = await backToBack({
        url: entry.url,
        headers: admin.headers,
        helloUrl,
        connections: entry.connections,
        seconds: DURATION_S,
        warmupSeconds: WARMUP_S,
        rounds: ROUNDS,
      });
      requests += result.route.reduce((sum, value) => sum + value * DURATION_S, 0);
      const name = `${entry.label}, ${entry.connections} connections`;
      const search = entry.url.includes("/search");
      row(
        entry.order,
        `${name}: requests/s (median)`,
        rps(median(result.route)),
        search ? "≥ 3,000" : "—",
        search ? info(median(result.route) >= TARGETS.searchRps) : "",
      );
      row(
        entry.order + 1,
        `${name}: p99 latency (median)`,
        ms(result.medianP99Ms),
        search ? "< 20 ms" : "—",
        search ? info(result.medianP99Ms < TARGETS.searchP99Ms) : "",
      );
      row(
        entry.order + 2,
        `Fastify hello-world, ${entry.connections} connections: requests/s (median)`,
        rps(median(result.hello)),
      );
      row(
        entry.order + 3,
        `${entry.label} ÷ hello-world, ${entry.connections} connections (median of ${ROUNDS})`,
        `${percent(result.medianRatio)} (${result.ratios.map(percent).join(", ")})`,
        entry.ratioTarget ? `≥ ${percent(entry.ratioTarget)}` : "—",
        entry.ratioTarget ? gate(result.medianRatio >= entry.ratioTarget) : "",
      );
    }
    row(3, `server memory (RSS) after about ${rps(requests)} requests, PGlite`, mib(residentBytes(server)));
    await stopProcess(hello);

    // 3. What the browser gets.
    const transfer = await measureSignInTransfer(baseUrl).catch((error: Error) => {
      notes.push(`Chromium measurement failed: ${error.message.split("\n")[0]}`);
      return null;
    });
    if (transfer) {
      row(
        90,
        `sign-in page transferred by Chromium at / (compressed, headers included, ${transfer.files.length} responses)`,
        kb(transfer.totalBytes),
        "< 100 KB",
        gate(transfer.totalBytes < TARGETS.signInTransfer),
      );
    } else if (transfer === undefined) {
      notes.push("no Chromium (CHROMIUM_PATH or /usr/bin/chromium): the browser rows were skipped");
    }
    if (fs.existsSync(CHROMIUM_PATH)) {
      log("Lighthouse: 4 pages, mobile and desktop presets");
      const scores = await lighthouseScores(baseUrl, {
        sessionId: admin.sessionId,
        faculty: admin.faculty,
      }).catch((error: Error) => {
        notes.push(`Lighthouse failed: ${error.message.split("\n")[0]}`);
        return [] as LighthouseScore[];
      });
      // Accessibility is the page's own: it decides. Performance on the mobile preset multiplies the
      // main thread's observed times by four, so the machine's load moves it: met or missed,
      // with the load it was measured at.
      for (const [index, score] of scores.entries()) {
        const mobile = score.preset === "mobile";
        row(
          91 + index * 0.2,
          `Lighthouse ${score.page}, ${score.preset}: performance`,
          String(score.performance),
          mobile ? `≥ ${TARGETS.lighthouseMobile}` : "—",
          mobile ? info(score.performance >= TARGETS.lighthouseMobile) : "",
        );
        row(
          91.1 + index * 0.2,
          `Lighthouse ${score.page}, ${score.preset}: accessibility`,
          String(score.accessibility),
          "100",
          gate(score.accessibility === 100),
        );
        notes.push(
          `Lighthouse ${score.page} ${score.preset}: FCP ${score.fcpMs} ms, LCP ${score.lcpMs} ms, TBT ${score.tbtMs} ms`,
        );
      }
      notes.push(
        `Lighthouse ran at load average ${os
          .loadavg()
          .map((value) => value.toFixed(1))
          .join(", ")} (1, 5, 15 min)`,
      );
    }
    await stopProcess(server);
    removeTempDir(dataDir);
  }

  // 4. The soak, on a fresh server.
  if (SOAK_MINUTES > 0 && runs("soak")) {
    const result = await soakFreshServer(SOAK_MINUTES, log, DATABASE_URL);
    const on = `${SOAK_MINUTES} min, ${result.engine}`;
    const cpuGrowth = result.last.cpuMsPerRequest / result.first.cpuMsPerRequest;
    const kept = result.last.requests / Math.max(1, result.first.requests);
    const growth = result.last.p99Ms / Math.max(1, result.first.p99Ms);
    row(
      100,
      `soak (${on}): requests in the first minute / the last minute`,
      `${rps(result.first.requests)} / ${rps(result.last.requests)} (${percent(kept)})`,
      "≥ 80%",
      // Two instances on PostgreSQL must keep their pace as they share the database: that gates.
      // On PGlite the machine's load moves it more than the app does
      // (docs/decisions/0023-benchmark-gates-on-ratios.md).
      DATABASE_URL ? gate(kept >= TARGETS.soakThroughputKept) : info(kept >= TARGETS.soakThroughputKept),
    );
    row(
      100.5,
      `soak (${on}): servers' CPU per request, first minute / last minute`,
      `${result.first.cpuMsPerRequest.toFixed(2)} ms / ${result.last.cpuMsPerRequest.toFixed(2)} ms (× ${cpuGrowth.toFixed(2)})`,
      `≤ × ${(1 / TARGETS.soakThroughputKept).toFixed(2)}`,
      gate(cpuGrowth <= 1 / TARGETS.soakThroughputKept),
    );
    if (DATABASE_URL) {
      const { first, last } = result;
      row(
        100.6,
        `soak (${on}): PostgreSQL's CPU per request (the soak database's backends), first minute / last minute`,
        `${first.databaseCpuMsPerRequest.toFixed(2)} ms / ${last.databaseCpuMsPerRequest.toFixed(2)} ms (× ${(last.databaseCpuMsPerRequest / first.databaseCpuMsPerRequest).toFixed(2)})`,
      );
    }
    row(
      100.7,
      `soak (${on}): the load generator's own CPU per request (the bench's process), first minute / last minute`,
      `${result.first.clientCpuMsPerRequest.toFixed(2)} ms / ${result.last.clientCpuMsPerRequest.toFixed(2)} ms (× ${(result.last.clientCpuMsPerRequest / result.first.clientCpuMsPerRequest).toFixed(2)})`,
    );
    row(
      101,
      `soak (${on}): p99 in the first minute / the last minute`,
      `${ms(result.first.p99Ms)} / ${ms(result.last.p99Ms)} (× ${growth.toFixed(2)})`,
      "≤ × 2",
      info(growth <= TARGETS.soakP99Growth),
    );
    row(
      102,
      `soak (${on}): errors in ${rps(result.total)} requests (${result.perInstance.map(rps).join(" / ")} per instance)`,
      String(result.errors),
      "0",
      gate(result.errors === 0),
    );
    row(
      103,
      `soak (${on}): acknowledged writes lost (of ${rps(result.acknowledgedWrites)}), read back through the instances in turn`,
      String(result.lostWrites),
      "0",
      gate(result.lostWrites === 0),
    );
    for (const [index, memory] of result.memory.entries()) {
      row(
        104 + index / 10,
        `soak (${on}): ${result.memory.length > 1 ? `instance ${index + 1}'s` : "server"} memory (RSS) before / after`,
        `${mib(memory.before)} / ${mib(memory.after)}`,
      );
    }
    notes.push(
      `soak p99 by route: ${result.routes.map((r) => `${r.route} ${ms(r.p99Ms)} (${rps(r.requests)})`).join("; ")}`,
    );
    notes.push(
      `soak mean latency by route, first minute / last minute: ${[...result.routes]
        .sort((x, y) => y.lastMeanMs / y.firstMeanMs - x.lastMeanMs / x.firstMeanMs)
        .map((r) => `${r.route} ${ms(r.firstMeanMs)} / ${ms(r.lastMeanMs)}`)
        .join("; ")}`,
    );
    notes.push(
      `soak, each read alone before / after the run: ${result.alone.map((r) => `${r.route} ${ms(r.beforeMs)} / ${ms(r.afterMs)}`).join("; ")}`,
    );
    if (result.errorSamples.length) notes.push(`soak errors: ${result.errorSamples.join(" | ")}`);
  }

  if (runs("templates")) {
    // 5. The template library at 10,000 templates (in process, on PGlite).
    const templates = await benchTemplates(log);
    partRows(200, templates.rows);
    notes.push(...templates.notes);
  }

  if (runs("pivot-assets")) {
    // 5. Pivot Assets: a person with 20,000 retrieval items, 5,000 due (in process, on PGlite).
    const pivot = await benchPivotAssets(log);
    partRows(220, pivot);
  }

  if (runs("analytics")) {
    // 5. Analytics: a person with 200,000 events over a year (in process, on PGlite; bench/analytics.ts).
    const analytics = await benchAnalytics(log);
    partRows(225, analytics);
  }

  if (runs("cognitive-load")) {
    // 5b. Cognitive Load Analytics: 50,000 check-ins across 40 projects (in process, on PGlite).
    const cognitive = await benchCognitiveLoad(log);
    partRows(228, cognitive, { step: 0.1 });
  }

  if (runs("practice")) {
    // 5b. A class practising at once over HTTP (bench/student-practice.ts): 60 students on PGlite,
    // 300 on PostgreSQL with two processes; errors, lost reviews and, on PostgreSQL, the app's p99
    // against the floor's fail the run; absolute p99s are met or missed.
    const practice = await benchStudentPractice(log);
    partRows(229, practice, {
      step: 0.01,
      verdict: (entry) => (entry.target === "—" ? "" : entry.gated ? gate(entry.pass) : info(entry.pass)),
    });
  }

  if (runs("class-mastery")) {
    // 5b. Class figures: 300 enrolled students x 500 items (in process, PGlite, and PostgreSQL with
    // BENCH_DATABASE_URL; bench/class-mastery.ts).
    const classFigures = await benchClassMastery(log);
    partRows(230, classFigures, {
      step: 0.1,
      verdict: (entry) => (entry.target === "—" ? "" : info(entry.pass)),
    });
  }

  if (runs("team-formation")) {
    // 5b. Team formation: teams of 4 from 300 students, five criteria, in process (pure code;
    // bench/team-formation.ts). Beating random assignment decides the run; the time is met or missed.
    const teams = benchTeamFormation(log);
    partRows(230.7, teams, {
      step: 0.1,
      verdict: (entry) => (entry.gated ? gate(entry.pass) : info(entry.pass)),
    });
  }

  if (runs("scheduling-fit")) {
    // 5b. Scheduling fitted to a course: 300 students x 200 reviews fitted in the child process,
    // its time and memory, the figures on held-out students, and a GET's p99 during the fit
    // against without (bench/scheduling-fit.ts). Met or missed.
    const fit = await benchSchedulingFit(log);
    partRows(230.9, fit, { step: 0.01 });
  }

  if (runs("uploads")) {
    // 5a. Four 50 MiB uploads at once: the server's memory growth (bench/uploads.ts).
    const uploads = await benchUploads(log);
    partRows(230, uploads, { verdict: (entry) => gate(entry.pass) });
  }

  if (runs("extraction")) {
    // 5a. Text extraction and passages of a generated 300-page PDF (bench/extraction.ts).
    const extraction = await benchExtraction(log);
    partRows(240, extraction.rows, { verdict: () => "" });
    notes.push(...extraction.notes);
  }

  if (runs("document-search")) {
    // 5a. Document search over 100,000 passages: full-text and hybrid (bench/document-search.ts).
    const documentSearch = await benchDocumentSearch(log);
    partRows(244, documentSearch.rows);
    notes.push(...documentSearch.notes);
  }

  if (runs("knowledge-search")) {
    // 5a'. Knowledge search over 100,000 passages, recall, an answer's first token (bench/knowledge-search.ts).
    const knowledgeSearch = await benchKnowledgeSearch(log);
    partRows(248, knowledgeSearch.rows, { step: 0.1 });
    notes.push(...knowledgeSearch.notes);
  }

  if (runs("explain")) {
    // 5b. Every statement behind the data routes, under EXPLAIN on a large data set (bench/explain.ts).
    const explained = await explainPass(log);
    const problems = explained.filter((entry) => entry.problem);
    const { instructors, projectsEach, contributionsPerProject } = EXPLAIN_SIZES;
    row(
      250,
      `EXPLAIN of every statement the data routes send, ${instructors} × ${rps(projectsEach)} projects, ${rps(instructors * projectsEach * contributionsPerProject)} contributions: statements reading a large table whole`,
      `${problems.length} of ${explained.length}`,
      "0",
      gate(problems.length === 0),
    );
    const slowest = explained[0];
    if (slowest) row(251, `EXPLAIN: slowest statement (${slowest.routes.join(", ")})`, ms(slowest.ms));
    for (const problem of problems) notes.push(`EXPLAIN ${problem.routes.join(", ")}: ${problem.problem}`);
    for (const entry of explained.filter((e) => e.intended)) {
      notes.push(`EXPLAIN ${entry.routes.join(", ")}: reads every row on purpose, ${entry.intended}`);
    }
  }

  // 6. Memory on PostgreSQL.
  if (DATABASE_URL && runs("postgres-memory")) {
    const pgDir = makeTempDir("pl-bench-pg-");
    const onPostgres = await startServer(pgDir, { DATABASE_URL });
    await settle();
    row(4, "server memory (RSS), idle, PostgreSQL", mib(residentBytes(onPostgres.server)));
    const pgAdmin = await firstAccount(onPostgres.baseUrl).catch(() => undefined);
    if (pgAdmin) {
      await autocannon({
        url: `${onPostgres.baseUrl}/api/templates/search?q=data`,
        connections: 10,
        amount: 20_000,
        headers: pgAdmin.headers,
      });
      row(5, "server memory (RSS) after 20,000 requests, PostgreSQL", mib(residentBytes(onPostgres.server)));
      log("uploads on PostgreSQL: 4 × 50 MiB at once");
      const pgUploads = uploadRows(
        await measureUploads(onPostgres.server, onPostgres.baseUrl, pgAdmin.headers),
        "PostgreSQL",
      );
      partRows(235, pgUploads, { verdict: (entry) => gate(entry.pass) });
    } else {
      notes.push("PostgreSQL: the database already has accounts; memory after requests not measured");
    }
    await stopProcess(onPostgres.server);
    removeTempDir(pgDir);
  }
}

const outcome = await main().then(
  () => undefined,
  (error: unknown) => error,
);

if (rows.length) {
  const report = [
    ...tableLines(),
    "",
    `Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "unknown CPU"}); autocannon ${DURATION_S} s per measurement after a ${WARMUP_S} s warm-up, ${ROUNDS} rounds; latencies in whole ms (autocannon's resolution); 1 KB = 1024 bytes.`,
    ...notes.map((note) => `- ${note}`),
  ];
  console.log("");
  console.log(report.join("\n"));
  // The same table in bench/results/latest.md, with what it was measured on and at which load.
  const finishedAt = new Date();
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(
    RESULTS_FILE,
    [
      "# `npm run bench` results",
      "",
      "Written by `bench/run.ts` at the end of each run (overwritten): the last run's table.",
      "",
      `- run: ${startedAt.toISOString()} to ${finishedAt.toISOString()}${ONLY.size ? `, BENCH_ONLY=${[...ONLY].join(",")}` : ", every part"}${runs("soak") ? `, SOAK_MINUTES=${SOAK_MINUTES}` : ""}${DATABASE_URL ? ", with BENCH_DATABASE_URL (PostgreSQL)" : ", without BENCH_DATABASE_URL"}`,
      `- commit: ${commit}`,
      `- Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "unknown CPU"})`,
      `- load average (1, 5, 15 min): ${loadAtStart} at the start, ${loadAverage()} at the end`,
      ...(outcome
        ? [
            `- the run stopped early: ${outcome instanceof Error ? outcome.message.split("\n")[0] : String(outcome)}`,
          ]
        : []),
      "",
      ...report,
      "",
    ].join("\n"),
  );
  console.log(`\nbench: the table is in ${path.relative(process.cwd(), RESULTS_FILE)}`);
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
