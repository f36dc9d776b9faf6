// Student practice rows of `npm run bench` (students' practice, and class scale on several
// processes): a class of enrolled students reviewing at once. One project with 50 pivot cards of
// 10 items (500 items), the students enrolled, each with a session; then in rounds, every student
// at once, each over its own HTTP connection to the app on 127.0.0.1 (the clients in a child
// process: practice-clients.ts), GET /api/student/practice/due then POST /api/student/reviews of
// the first item it got. Untimed warm-up rounds, then timed ones: p50 and p99 of every timed
// request (and per route), errors (anything but 200/201) in every round, and every review answered
// 201 read back from student_review. Two setups (PRACTICE_BENCH_SIZES):
//
//   - PGlite, a department's class of 60: the app built in this process on an embedded database.
//   - with BENCH_DATABASE_URL (or TEST_DATABASE_URL), a class of 300 on PostgreSQL: the COMPILED
//     server as `npm start` runs it, DATABASE_URL a fresh database and WEB_CONCURRENCY=2 (one port,
//     two worker processes). Its p99 against the floor's, measured in the same run, gates the
//     bench (at most twice the floor); errors and lost reviews gate both setups.
//
// Each setup measures the app's rounds then the floor's, five times back to back (`pairs`), and
// reads the median of the five ratios: the machine's load (two cores shared with other work)
// moves within a run, and a p99 of 1,800 requests is its 18 slowest.
//
// The floor, in the same run: the same clients and rounds against a bare Fastify that only sends
// back a due list the app answered, byte for byte, and its first item (the shape a review answers),
// with the headers the app sends on every API answer, so that it writes the same bytes, and with
// no session, validation or database (bench/practice-floor.ts, its own process). It takes the
// app's shape: two processes on one port through node:cluster when the app has two. On these two
// cores a single floor process would queue every request of a round on one thread while the app
// spreads them over two, so the ratio would credit the app with the second process instead of
// measuring what its own work per request adds (docs/decisions/0023-benchmark-gates-on-ratios.md).
// The server's CPU time and the clients' per timed round are answered beside it.
//
// Seeded with set-based SQL (generate_series) through the app built in this process: students,
// enrolments and sessions (the SHA-256 of a known session id, as the session store keeps it).
// Each client signs in once before the timing (GET /api/auth/me, all at once), so the session is
// in the server's cache and the client's connection open, as for a student already using the app.
//
// Alone: `npx tsx bench/student-practice.ts` (on PostgreSQL, after `node scripts/ensure-build.mjs`).
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../src/server/db/client.ts";
import { openPglite } from "../src/server/db/pglite.ts";
import { createProjectViaApi } from "../src/server/test/factories.ts";
import { openNewPostgres } from "../src/server/test/test-database.ts";
import { inProcessApp } from "./in-process.ts";
import type { ClientsInput, ClientsMessage, Timing } from "./practice-clients.ts";
import {
  freePort,
  groupCpuMs,
  installCleanupHandlers,
  makeTempDir,
  removeTempDir,
  startProcess,
  stopProcess,
  titledCpuMs,
  waitForLine,
} from "./processes.ts";
import { startServer } from "./server.ts";
import type { BenchRow } from "./templates-bench.ts";

/**
 * One setup per engine. The untimed rounds let V8 finish optimising the server's code before the
 * timed ones, on both sides, which takes about 7,000 requests a process. V8's --trace-opt: with 300
 * students, one app process optimised functions until about round 12, two processes (each seeing
 * half the requests) until about round 25, still about 20 a round in rounds 6 to 8. With five
 * untimed rounds, the app's server CPU per timed round fell from about 110 ms in the first pair to
 * about 53 ms in the fifth, and the floor's from 47 to 13 ms: the ratio compared code still being
 * optimised. So: 25 rounds of 300 students on two processes, 60 rounds of 60 students on one.
 * `processes`: the app's processes on the port, and the floor's. `pairs`: the app's rounds then
 * the floor's, that many times back to back; the ratio read is their median.
 */
export const PRACTICE_BENCH_SIZES = {
  /** A department's class on the embedded database, the app in this process. */
  pglite: { students: 60, cards: 50, itemsPerCard: 10, warmupRounds: 60, rounds: 3, processes: 1, pairs: 5 },
  /** A class of 300 on PostgreSQL, the compiled server with WEB_CONCURRENCY=2. */
  postgres: {
    students: 300,
    cards: 50,
    itemsPerCard: 10,
    warmupRounds: 25,
    rounds: 3,
    processes: 2,
    pairs: 5,
  },
};
type Sizes = (typeof PRACTICE_BENCH_SIZES)[keyof typeof PRACTICE_BENCH_SIZES];
/** The class of 300's p99 (an absolute, met or missed). */
const TARGET_P99_MS = 200;
/** The app's p99 against the floor's in the same run: gates the PostgreSQL setup. */
const TARGET_FLOOR_RATIO = 2;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const queryRows = async <T>(database: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

export async function seed(
  database: DatabaseHandle,
  dataDir: string,
  sizes: Sizes,
  log: (message: string) => void,
) {
  const { app, headers, facultyId } = await inProcessApp(database, dataDir, "practice-bench@bench.test");
  const project = await createProjectViaApi(app, headers, { title: "Bench class" });
  const { students, cards, itemsPerCard } = sizes;
  log(
    `student practice: seeding ${cards * itemsPerCard} items and ${students} enrolled students with sessions`,
  );
  const disciplines = "array['economics','chemistry','biology','history','mathematics']";
  await database.db.execute(sql`
    insert into pivot_card (faculty_id, project_id, title, discipline, definition, constraints, minimal_example, counter_example, misconceptions)
    select ${facultyId}, ${project.id}, 'Concept ' || g, (${sql.raw(disciplines)})[1 + g % 5],
      'Definition of concept ' || g, 'Not specified', 'Not provided', 'Not provided', '[]'::jsonb
    from generate_series(1, ${cards}) as g`);
  await database.db.execute(sql`
    insert into retrieval_item (faculty_id, pivot_card_id, type, question, answer, due)
    select ${facultyId}, c.id, 'flashcard', 'Question ' || c.id || '.' || g, 'Answer ' || g, now()
    from pivot_card c cross join generate_series(1, ${itemsPerCard}) as g
    where c.project_id = ${project.id}`);
  await database.db.execute(sql`
    insert into faculty (name, email, password_hash, role, status, title, department, institution)
    select 'Student ' || g, 'student-' || g || '@bench.test', 'not-a-password-hash', 'student', 'approved',
      'Student', 'D', 'U'
    from generate_series(1, ${students}) as g`);
  await database.db.execute(sql`
    insert into enrolment (project_id, student_id)
    select ${project.id}, id from faculty where email like 'student-%@bench.test'`);
  await database.db.execute(sql`
    insert into session (id_hash, faculty_id, created_at, last_seen_at)
    select encode(sha256(convert_to('bench-student-' || id, 'UTF8')), 'hex'), id, now(), now()
    from faculty where email like 'student-%@bench.test'`);
  const ids = (
    await queryRows<{ id: number }>(
      database,
      sql`select id from faculty where email like 'student-%@bench.test' order by id`,
    )
  ).map((row) => row.id);
  return { app, clients: ids.map((id) => ({ authorization: `Bearer bench-student-${id}` })) };
}

interface ClientsRun {
  timings: Timing[];
  reviewed: number;
  /** The clients' own CPU time per timed round (ms). */
  clientsCpuMsPerRound: number;
  /** The server's CPU time per timed round, every process of it (ms). */
  serverCpuMsPerRound: number;
  /** PostgreSQL's backends' CPU time per timed round for the bench's database (ms; 0 on PGlite). */
  databaseCpuMsPerRound: number;
  /** The timed rounds' wall time each, from the clients (ms). */
  roundMs: number[];
}

/** CPU time so far (ms): the server's, and PostgreSQL's for the bench's database. */
interface CpuMeters {
  server: () => number;
  database?: () => number;
}

/**
 * The clients (bench/practice-clients.ts) in a child process, against the server at `input.base`;
 * `meters` are read at the edges of the timed rounds.
 */
function runClients(input: ClientsInput, meters: CpuMeters, log: (message: string) => void) {
  return new Promise<ClientsRun>((resolve, reject) => {
    const worker = fork(fileURLToPath(new URL("./practice-clients.ts", import.meta.url)), [], {
      execArgv: ["--import", "tsx"],
    });
    const read = () => ({ server: meters.server(), database: meters.database?.() ?? 0 });
    let cpuAtTimed = read();
    let cpuAtEnd = cpuAtTimed;
    const roundMs: number[] = [];
    worker.send(input);
    worker.on("message", (raw) => {
      const message = raw as ClientsMessage;
      if (message.kind === "round") {
        if (message.round === input.warmupRounds) cpuAtTimed = read();
        if (message.round === input.warmupRounds + input.rounds) cpuAtEnd = read();
        if (message.round > input.warmupRounds) roundMs.push(message.ms);
        log(
          `student practice: round ${message.round}${message.round <= input.warmupRounds ? " (warm-up)" : ""} in ${message.ms.toFixed(0)} ms, the clients' CPU ${message.cpuMs.toFixed(0)} ms`,
        );
      } else if (message.kind === "done") {
        const serverCpuMsPerRound = (cpuAtEnd.server - cpuAtTimed.server) / input.rounds;
        const databaseCpuMsPerRound = (cpuAtEnd.database - cpuAtTimed.database) / input.rounds;
        log(
          `student practice: CPU per timed round, the clients ${message.cpuMsPerRound.toFixed(0)} ms, the server ${serverCpuMsPerRound.toFixed(0)} ms${meters.database ? `, PostgreSQL ${databaseCpuMsPerRound.toFixed(0)} ms` : ""} (of the machine's two cores)`,
        );
        resolve({
          timings: message.timings,
          reviewed: message.reviewed,
          clientsCpuMsPerRound: message.cpuMsPerRound,
          serverCpuMsPerRound,
          databaseCpuMsPerRound,
          roundMs,
        });
      } else reject(new Error(message.message));
    });
    worker.on("error", reject);
    worker.on("exit", (code) => reject(new Error(`the clients' worker ended (${code}) without an answer`)));
  });
}

/** The rounds of the bench against the server at `base`. */
const roundsAt = (base: string, clients: ClientsInput["clients"], sizes: Sizes): ClientsInput => ({
  base,
  clients,
  warmupRounds: sizes.warmupRounds,
  rounds: sizes.rounds,
});

/**
 * The app's answers the floor sends back: a student's due list and its first item, as the app
 * wrote them, with the headers the app sends on every API answer (security headers, no caching,
 * content type), so that the floor writes the same bytes.
 */
export interface Answers {
  due: string;
  review: string;
  headers: Record<string, string>;
}

/** Headers Node's HTTP server writes itself for any answer (its own, not the app's). */
const WRITTEN_BY_NODE = new Set(["content-length", "date", "connection", "keep-alive", "transfer-encoding"]);

/** The app listening, seeded: its address, its students, and what it answers and logged. */
interface Served {
  base: string;
  clients: ClientsInput["clients"];
  meters: CpuMeters;
  /** A student's due list and its first item, as the app answers them now. */
  answers(): Promise<Answers>;
  /** The rows in student_review. */
  logged(): Promise<number>;
}

/** A setup's measurement: the app's runs and the floor's, in pairs, and the reviews logged. */
interface Measured {
  apps: ClientsRun[];
  floors: ClientsRun[];
  logged: number;
}

const DUE_URL = "/api/student/practice/due?tz=Europe/Paris&limit=20";

function answersOf(status: number, body: string, headers: Iterable<[string, string]>): Answers {
  const first = status === 200 ? (JSON.parse(body) as { items: unknown[] }).items[0] : undefined;
  if (!first) throw new Error(`a due list answered ${status}: ${body}`);
  return {
    due: body,
    review: JSON.stringify(first),
    headers: Object.fromEntries([...headers].filter(([name]) => !WRITTEN_BY_NODE.has(name.toLowerCase()))),
  };
}

const reviewsLogged = async (database: DatabaseHandle) =>
  (await queryRows<{ n: number }>(database, sql`select count(*)::int as n from student_review`))[0]?.n ?? 0;

/** PGlite: the app built in this process, listening on 127.0.0.1. */
async function withInProcess<T>(
  database: DatabaseHandle,
  dataDir: string,
  sizes: Sizes,
  log: (message: string) => void,
  measure: (served: Served) => Promise<T>,
): Promise<T> {
  const { app, clients } = await seed(database, dataDir, sizes, log);
  await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    const cpu = () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1000;
    };
    return await measure({
      base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      clients,
      meters: { server: cpu },
      answers: async () => {
        const due = await app.inject({ method: "GET", url: DUE_URL, headers: clients[0] });
        return answersOf(
          due.statusCode,
          due.body,
          Object.entries(due.headers).map(([name, value]) => [name, String(value)]),
        );
      },
      logged: () => reviewsLogged(database),
    });
  } finally {
    await app.close();
  }
}

/**
 * PostgreSQL: a fresh database, seeded through the app built in this process (then closed), and
 * the compiled server on it as `npm start` runs it, with WEB_CONCURRENCY=sizes.processes.
 */
async function withCompiledServer<T>(
  serverUrl: string,
  sizes: Sizes,
  log: (message: string) => void,
  measure: (served: Served) => Promise<T>,
): Promise<T> {
  const dataDir = makeTempDir("pl-bench-practice-pg-");
  const name = `pl_bench_practice_${process.pid}`;
  const { handle: database, url, drop } = await openNewPostgres(serverUrl, name);
  try {
    const { app, clients } = await seed(database, dataDir, sizes, log);
    await app.close();
    log(`student practice: the compiled server on PostgreSQL, WEB_CONCURRENCY=${sizes.processes}`);
    const { server, baseUrl } = await startServer(dataDir, {
      DATABASE_URL: url,
      WEB_CONCURRENCY: String(sizes.processes),
      APP_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "warn",
    });
    try {
      return await measure({
        base: baseUrl,
        clients,
        meters: { server: () => groupCpuMs(server), database: () => titledCpuMs(` ${name} `) },
        answers: async () => {
          const due = await fetch(`${baseUrl}${DUE_URL}`, { headers: clients[0] });
          return answersOf(due.status, await due.text(), due.headers);
        },
        logged: () => reviewsLogged(database),
      });
    } finally {
      await stopProcess(server);
    }
  } finally {
    await drop();
    removeTempDir(dataDir);
  }
}

/**
 * The app's rounds, then the floor's (bench/practice-floor.ts sending the app's answers back),
 * `sizes.pairs` times back to back: each ratio is of two measurements a few seconds apart, and
 * their median is read, as the throughput rows read theirs (the machine's load moves within a run).
 */
async function measurePairs(served: Served, sizes: Sizes, log: (message: string) => void): Promise<Measured> {
  const appRun = () => runClients(roundsAt(served.base, served.clients, sizes), served.meters, log);
  const apps = [await appRun()];
  const answers = await served.answers();
  const dir = makeTempDir("pl-bench-floor-");
  const answersFile = path.join(dir, "answers.json");
  fs.writeFileSync(answersFile, JSON.stringify(answers));
  const floor = startProcess(
    "the floor (bench/practice-floor.ts)",
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("./practice-floor.ts", import.meta.url))],
    {
      ...process.env,
      PORT: String(await freePort()),
      FLOOR_PROCESSES: String(sizes.processes),
      FLOOR_ANSWERS: answersFile,
    },
    fileURLToPath(new URL("..", import.meta.url)),
  );
  try {
    const base = await waitForLine(floor, "listening on ");
    const clients = Array.from({ length: sizes.students }, (_, index) => ({
      authorization: `Bearer floor-${index}`,
    }));
    const floors: ClientsRun[] = [];
    for (let pair = 1; pair <= sizes.pairs; pair += 1) {
      if (pair > 1) apps.push(await appRun());
      log(
        `student practice: pair ${pair}, the floor, a bare Fastify in ${sizes.processes} process(es) sending the same answers back`,
      );
      const run = await runClients(roundsAt(base, clients, sizes), { server: () => groupCpuMs(floor) }, log);
      const failed = summary(run.timings).errors;
      if (failed > 0) throw new Error(`the floor answered ${failed} requests with an error`);
      floors.push(run);
    }
    return { apps, floors, logged: await served.logged() };
  } finally {
    await stopProcess(floor);
    removeTempDir(dir);
  }
}

/** A row of the bench; `gated` rows fail `npm run bench`, the others are met or missed. */
export type PracticeBenchRow = BenchRow & { gated?: boolean };

function summary(list: readonly Timing[]) {
  const sorted = list.map((t) => t.ms).sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors: list.filter((t) => !t.ok).length,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function rowsOf(measured: Measured, sizes: Sizes, engine: string, gateRatio: boolean): PracticeBenchRow[] {
  const { apps, floors, logged } = measured;
  const timed = (run: ClientsRun) => run.timings.filter((t) => t.round > sizes.warmupRounds);
  const appP99 = apps.map((run) => summary(timed(run)).p99);
  const floorP99 = floors.map((run) => summary(timed(run)).p99);
  const ratios = appP99.map((p99, index) => p99 / (floorP99[index] ?? Number.NaN));
  const ratio = median(ratios);
  const steady = apps.flatMap(timed);
  const all = summary(steady);
  const due = summary(steady.filter((t) => t.route === "due"));
  const review = summary(steady.filter((t) => t.route === "review"));
  const bare = summary(floors.flatMap(timed));
  const cold = summary((apps[0]?.timings ?? []).filter((t) => t.round === 1));
  const errors = summary(apps.flatMap((run) => run.timings)).errors;
  const reviewed = apps.reduce((sum, run) => sum + run.reviewed, 0);
  const { students, cards, itemsPerCard, warmupRounds, rounds, processes, pairs } = sizes;
  const setup = `${students} students, ${engine}${processes > 1 ? `, ${processes} processes` : ""}`;
  const what = `${students} students at once, each GET /api/student/practice/due then POST /api/student/reviews (${cards * itemsPerCard} items; ${warmupRounds} untimed rounds then ${rounds} timed, ${timed(apps[0] as ClientsRun).length} timed requests over HTTP, ${pairs} times)`;
  const list = (values: number[], format: (value: number) => string) => values.map(format).join(", ");
  const perRound = (runs: ClientsRun[], of: (run: ClientsRun) => number) => mean(runs.map(of)).toFixed(0);
  return [
    {
      metric: `student practice: ${what}, p99, ${engine}${processes > 1 ? ` (compiled server, WEB_CONCURRENCY=${processes})` : " (in process)"}: median of ${pairs}`,
      value: `${ms(median(appP99))} (${list(appP99, ms)}; all: p50 ${ms(all.p50)}, due p99 ${ms(due.p99)}, review p99 ${ms(review.p99)})`,
      target: students >= 300 ? `< ${TARGET_P99_MS} ms` : "—",
      pass: students < 300 || median(appP99) < TARGET_P99_MS,
    },
    {
      metric: `student practice: the floor, ${setup}: the same clients and rounds, each run right after the app's, against a bare Fastify in ${processes} process(es) sending the same answers back (no session, validation or database), p99: median of ${pairs}`,
      value: `${ms(median(floorP99))} (${list(floorP99, ms)}; all: p50 ${ms(bare.p50)})`,
      target: "—",
      pass: true,
    },
    {
      metric: `student practice: the app's p99 ÷ the floor's, ${setup}: median of ${pairs} pairs`,
      value: `${ratio.toFixed(2)}× (${list(ratios, (value) => `${value.toFixed(2)}×`)})`,
      target: `≤ ${TARGET_FLOOR_RATIO}×`,
      pass: ratio <= TARGET_FLOOR_RATIO,
      gated: gateRatio,
    },
    {
      metric: `student practice: errors (not 200/201) in every round, ${setup}`,
      value: String(errors),
      target: "0",
      pass: errors === 0,
      gated: true,
    },
    {
      metric: `student practice: reviews answered 201 but not in student_review, ${setup}`,
      value: `${reviewed - logged} (${reviewed} answered 201, ${logged} logged)`,
      target: "0",
      pass: logged === reviewed,
      gated: true,
    },
    {
      metric: `student practice: the first round (server and clients cold), p99, ${setup}`,
      value: `${ms(cold.p99)} (p50 ${ms(cold.p50)})`,
      target: "—",
      pass: true,
    },
    {
      metric: `student practice: a timed round on average, ${setup}: wall time app / floor; CPU of the app's server${engine === "PostgreSQL" ? ", of PostgreSQL's backends" : ""}, of the floor, of the clients (app runs / floor runs)`,
      value: `${perRound(apps, (run) => mean(run.roundMs))} / ${perRound(floors, (run) => mean(run.roundMs))} ms; ${perRound(apps, (run) => run.serverCpuMsPerRound)}, ${engine === "PostgreSQL" ? `${perRound(apps, (run) => run.databaseCpuMsPerRound)}, ` : ""}${perRound(floors, (run) => run.serverCpuMsPerRound)}, ${perRound(apps, (run) => run.clientsCpuMsPerRound)} / ${perRound(floors, (run) => run.clientsCpuMsPerRound)} ms`,
      target: "—",
      pass: true,
    },
  ];
}

async function onPglite(log: (message: string) => void): Promise<PracticeBenchRow[]> {
  const sizes = PRACTICE_BENCH_SIZES.pglite;
  const dataDir = makeTempDir("pl-bench-practice-");
  try {
    const database = await openPglite(path.join(dataDir, "pg"));
    try {
      const measured = await withInProcess(database, dataDir, sizes, log, (served) =>
        measurePairs(served, sizes, log),
      );
      return rowsOf(measured, sizes, "PGlite", false);
    } finally {
      await database.close();
    }
  } finally {
    removeTempDir(dataDir);
  }
}

async function onPostgres(url: string, log: (message: string) => void): Promise<PracticeBenchRow[]> {
  const sizes = PRACTICE_BENCH_SIZES.postgres;
  const measured = await withCompiledServer(url, sizes, log, (served) => measurePairs(served, sizes, log));
  return rowsOf(measured, sizes, "PostgreSQL", true);
}

export async function benchStudentPractice(log: (message: string) => void): Promise<PracticeBenchRow[]> {
  const rows = await onPglite(log);
  const url = (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL)?.trim();
  if (url) rows.push(...(await onPostgres(url, log)));
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  installCleanupHandlers();
  const rows = await benchStudentPractice((message) => console.error(message));
  for (const row of rows)
    console.log(
      `${row.metric}: ${row.value} (target ${row.target}) ${row.target === "—" ? "" : row.gated ? (row.pass ? "pass" : "FAIL") : row.pass ? "met" : "missed"}`,
    );
  process.exit(rows.some((row) => row.gated && !row.pass) ? 1 : 0);
}
