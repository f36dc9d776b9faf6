// Student practice rows of `npm run bench` (issue 19 item 4, and class scale on several
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
// The floor, in the same run: the same clients and rounds against a bare Fastify that only sends
// back a due list the app answered, byte for byte, and its first item (the shape a review answers),
// with no session, validation or database (bench/practice-floor.ts, its own process). It takes the
// app's shape: two processes on one port through node:cluster when the app has two. On these two
// cores a single floor process would queue every request of a round on one thread while the app
// spreads them over two, so the ratio would credit the app with the second process instead of
// measuring what its own work per request adds (docs/decisions.md, "The practice bench's warm-up
// and floor"). The server's CPU time and the clients' per timed round are answered beside it.
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
 * One setup per engine. Five warm-up rounds: with one, the timed rounds still ran cold code on
 * both sides (for the same requests, the clients' own CPU per round fell from about 250 ms in
 * rounds 1 to 3 to 80 to 100 ms from round 6, and the bare Fastify's rounds from about 330 ms to
 * about 100 ms). `processes`: the app's processes on the port, and the floor's.
 */
export const PRACTICE_BENCH_SIZES = {
  pglite: { students: 60, cards: 50, itemsPerCard: 10, warmupRounds: 5, rounds: 3, processes: 1 },
  postgres: { students: 300, cards: 50, itemsPerCard: 10, warmupRounds: 5, rounds: 3, processes: 2 },
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

/** The app's answers the floor sends back: a student's due list and its first item, as the app wrote them. */
interface Answers {
  due: string;
  review: string;
}

/** A setup's measurement: the app's run, what it answered (for the floor), reviews logged. */
interface Measured {
  run: ClientsRun;
  answers: Answers;
  logged: number;
}

const DUE_URL = "/api/student/practice/due?tz=Europe/Paris&limit=20";

function answersOf(status: number, body: string): Answers {
  const first = status === 200 ? (JSON.parse(body) as { items: unknown[] }).items[0] : undefined;
  if (!first) throw new Error(`a due list answered ${status}: ${body}`);
  return { due: body, review: JSON.stringify(first) };
}

const reviewsLogged = async (database: DatabaseHandle) =>
  (await queryRows<{ n: number }>(database, sql`select count(*)::int as n from student_review`))[0]?.n ?? 0;

/** PGlite: the app built in this process, listening on 127.0.0.1. */
async function measureInProcess(
  database: DatabaseHandle,
  dataDir: string,
  sizes: Sizes,
  log: (message: string) => void,
): Promise<Measured> {
  const { app, clients } = await seed(database, dataDir, sizes, log);
  await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const cpu = () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1000;
    };
    const run = await runClients(roundsAt(base, clients, sizes), { server: cpu }, log);
    const due = await app.inject({ method: "GET", url: DUE_URL, headers: clients[0] });
    return { run, answers: answersOf(due.statusCode, due.body), logged: await reviewsLogged(database) };
  } finally {
    await app.close();
  }
}

/**
 * PostgreSQL: a fresh database, seeded through the app built in this process (then closed), and
 * the compiled server on it as `npm start` runs it, with WEB_CONCURRENCY=sizes.processes.
 */
async function measureCompiledServer(
  serverUrl: string,
  sizes: Sizes,
  log: (message: string) => void,
): Promise<Measured> {
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
      const meters = { server: () => groupCpuMs(server), database: () => titledCpuMs(` ${name} `) };
      const run = await runClients(roundsAt(baseUrl, clients, sizes), meters, log);
      const due = await fetch(`${baseUrl}${DUE_URL}`, { headers: clients[0] });
      const answers = answersOf(due.status, await due.text());
      return { run, answers, logged: await reviewsLogged(database) };
    } finally {
      await stopProcess(server);
    }
  } finally {
    await drop();
    removeTempDir(dataDir);
  }
}

/** The floor: the same clients and rounds against bench/practice-floor.ts sending `answers` back. */
async function measureFloor(sizes: Sizes, answers: Answers, log: (message: string) => void) {
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
    log(
      `student practice: the floor, a bare Fastify in ${sizes.processes} process(es) sending the same answers back`,
    );
    const clients = Array.from({ length: sizes.students }, (_, index) => ({
      authorization: `Bearer floor-${index}`,
    }));
    const run = await runClients(roundsAt(base, clients, sizes), { server: () => groupCpuMs(floor) }, log);
    const failed = summary(run.timings).errors;
    if (failed > 0) throw new Error(`the floor answered ${failed} requests with an error`);
    return run;
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

function rowsOf(
  measured: Measured,
  floor: ClientsRun,
  sizes: Sizes,
  engine: string,
  gateRatio: boolean,
): PracticeBenchRow[] {
  const { run, logged } = measured;
  const timed = (timings: readonly Timing[]) => timings.filter((t) => t.round > sizes.warmupRounds);
  const steady = timed(run.timings);
  const all = summary(steady);
  const due = summary(steady.filter((t) => t.route === "due"));
  const review = summary(steady.filter((t) => t.route === "review"));
  const cold = summary(run.timings.filter((t) => t.round === 1));
  const bare = summary(timed(floor.timings));
  const { errors } = summary(run.timings);
  const ratio = all.p99 / bare.p99;
  const { students, cards, itemsPerCard, warmupRounds, rounds, processes } = sizes;
  const setup = `${students} students, ${engine}${processes > 1 ? `, ${processes} processes` : ""}`;
  const what = `${students} students at once, each GET /api/student/practice/due then POST /api/student/reviews (${cards * itemsPerCard} items, ${warmupRounds} untimed rounds then ${rounds} timed, ${steady.length} timed requests over HTTP)`;
  const roundsMs = (r: ClientsRun) => r.roundMs.map((value) => value.toFixed(0)).join(", ");
  return [
    {
      metric: `student practice: ${what}, p99, ${engine}${processes > 1 ? ` (compiled server, WEB_CONCURRENCY=${processes})` : " (in process)"}`,
      value: `${ms(all.p99)} (p50 ${ms(all.p50)}; due p99 ${ms(due.p99)}, review p99 ${ms(review.p99)})`,
      target: students >= 300 ? `< ${TARGET_P99_MS} ms` : "—",
      pass: students < 300 || all.p99 < TARGET_P99_MS,
    },
    {
      metric: `student practice: the floor, ${setup}: the same clients and rounds against a bare Fastify in ${processes} process(es) sending the same answers back (no session, validation or database), p99`,
      value: `${ms(bare.p99)} (p50 ${ms(bare.p50)})`,
      target: "—",
      pass: true,
    },
    {
      metric: `student practice: the app's p99 ÷ the floor's, ${setup}`,
      value: `${ratio.toFixed(2)}×`,
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
      value: `${run.reviewed - logged} (${run.reviewed} answered 201, ${logged} logged)`,
      target: "0",
      pass: logged === run.reviewed,
      gated: true,
    },
    {
      metric: `student practice: the first round (server and clients cold), p99, ${setup}`,
      value: `${ms(cold.p99)} (p50 ${ms(cold.p50)})`,
      target: "—",
      pass: true,
    },
    {
      metric: `student practice: per timed round, ${setup}: wall time app / floor; CPU of the app's server, ${engine === "PostgreSQL" ? "of PostgreSQL's backends, " : ""}of the floor, of the clients (app run / floor run)`,
      value: `${roundsMs(run)} / ${roundsMs(floor)} ms; ${run.serverCpuMsPerRound.toFixed(0)}, ${engine === "PostgreSQL" ? `${run.databaseCpuMsPerRound.toFixed(0)}, ` : ""}${floor.serverCpuMsPerRound.toFixed(0)}, ${run.clientsCpuMsPerRound.toFixed(0)} / ${floor.clientsCpuMsPerRound.toFixed(0)} ms`,
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
    let measured: Measured;
    try {
      measured = await measureInProcess(database, dataDir, sizes, log);
    } finally {
      await database.close();
    }
    return rowsOf(measured, await measureFloor(sizes, measured.answers, log), sizes, "PGlite", false);
  } finally {
    removeTempDir(dataDir);
  }
}

async function onPostgres(url: string, log: (message: string) => void): Promise<PracticeBenchRow[]> {
  const sizes = PRACTICE_BENCH_SIZES.postgres;
  const measured = await measureCompiledServer(url, sizes, log);
  return rowsOf(measured, await measureFloor(sizes, measured.answers, log), sizes, "PostgreSQL", true);
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
