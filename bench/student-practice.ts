// Student practice rows of `npm run bench` (issue 19 item 4): a class of 300 enrolled students
// reviewing at once. One project with 50 pivot cards of 10 items (500 items), 300 students
// enrolled, each with a session; then ROUNDS times, 300 concurrent clients, each over its own HTTP
// connection to the app listening on 127.0.0.1 (the clients in a child process: practice-clients.ts), GET /api/student/practice/due then POST
// /api/student/reviews of the first item it got. p50 and p99 of every request (and per route),
// and errors (anything but 200/201). Target: p99 < 200 ms on PGlite, 0 errors. With
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) the same on PostgreSQL in a fresh database.
//
// Seeded with set-based SQL (generate_series): students, enrolments and sessions (the SHA-256 of
// a known session id, as the session store keeps it). Each client signs in once before the
// timing (GET /api/auth/me, all at once), so the session is in the server's cache and the client's
// connection open, as for a student already using the app.
//
// Alone: `npx tsx bench/student-practice.ts`.
import { fork } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../src/server/db/client.ts";
import { openPglite } from "../src/server/db/pglite.ts";
import { createProjectViaApi } from "../src/server/test/factories.ts";
import { onFreshPostgres } from "./fresh-postgres.ts";
import { inProcessApp } from "./in-process.ts";
import type { ClientsInput, ClientsMessage, Timing } from "./practice-clients.ts";
import type { BenchRow } from "./templates-bench.ts";

export const PRACTICE_BENCH_SIZES = { students: 300, cards: 50, itemsPerCard: 10, rounds: 3 };
const TARGET_P99_MS = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function seed(database: DatabaseHandle, dataDir: string, log: (message: string) => void) {
  const { app, headers, facultyId } = await inProcessApp(database, dataDir, "practice-bench@bench.test");
  const project = await createProjectViaApi(app, headers, { title: "Bench class" });
  const { students, cards, itemsPerCard } = PRACTICE_BENCH_SIZES;
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
    (await database.db.execute(
      sql`select id from faculty where email like 'student-%@bench.test' order by id`,
    )) as unknown as { rows: Array<{ id: number }> }
  ).rows.map((row) => row.id);
  return { app, clients: ids.map((id) => ({ authorization: `Bearer bench-student-${id}` })) };
}

/** The clients (bench/practice-clients.ts) in a child process, against the app at `base`. */
function runClients(input: ClientsInput, log: (message: string) => void) {
  return new Promise<{ timings: Timing[]; reviewed: number; cpuMsPerRound: number }>((resolve, reject) => {
    const worker = fork(fileURLToPath(new URL("./practice-clients.ts", import.meta.url)), [], {
      execArgv: ["--import", "tsx"],
    });
    worker.send(input);
    worker.on("message", (raw) => {
      const message = raw as ClientsMessage;
      if (message.kind === "round")
        log(
          `student practice: ${message.round === 0 ? "warm-up round" : `round ${message.round}`} in ${message.ms.toFixed(0)} ms`,
        );
      else if (message.kind === "done") {
        log(
          `student practice: the clients' own CPU time, ${message.cpuMsPerRound.toFixed(0)} ms per timed round (of the machine's two cores)`,
        );
        resolve(message);
      } else reject(new Error(message.message));
    });
    worker.on("error", reject);
    worker.on("exit", (code) => reject(new Error(`the clients' worker ended (${code}) without an answer`)));
  });
}

async function measure(database: DatabaseHandle, dataDir: string, log: (message: string) => void) {
  const { app, clients } = await seed(database, dataDir, log);
  await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { timings, reviewed } = await runClients(
      { base, clients, rounds: PRACTICE_BENCH_SIZES.rounds },
      log,
    );
    const count = (
      (await database.db.execute(sql`select count(*)::int as n from student_review`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows[0]?.n;
    if (count !== reviewed) throw new Error(`${reviewed} reviews answered 201 but ${count} were logged`);
    return { timings };
  } finally {
    await app.close();
  }
}

/** A row of the bench; `gated` rows (errors) fail `npm run bench`, the others are met or missed. */
export type PracticeBenchRow = BenchRow & { gated?: boolean };

function rowsOf(timings: Timing[], engine: string, target: boolean): PracticeBenchRow[] {
  const summary = (list: Timing[]) => {
    const sorted = list.map((t) => t.ms).sort((a, b) => a - b);
    return {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      errors: list.filter((t) => !t.ok).length,
    };
  };
  const all = summary(timings);
  const due = summary(timings.filter((t) => t.route === "due"));
  const review = summary(timings.filter((t) => t.route === "review"));
  const { students, cards, itemsPerCard, rounds } = PRACTICE_BENCH_SIZES;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const what = `${students} students at once, each GET /api/student/practice/due then POST /api/student/reviews (${cards * itemsPerCard} items, ${rounds} rounds, ${timings.length} requests over HTTP)`;
  return [
    {
      metric: `student practice: ${what}, p99, ${engine}`,
      value: `${ms(all.p99)} (p50 ${ms(all.p50)}; due p99 ${ms(due.p99)}, review p99 ${ms(review.p99)})`,
      target: target ? `< ${TARGET_P99_MS} ms` : "—",
      pass: !target || all.p99 < TARGET_P99_MS,
    },
    {
      metric: `student practice: errors (not 200/201) of those requests, ${engine}`,
      value: String(all.errors),
      target: "0",
      pass: all.errors === 0,
      gated: true,
    },
  ];
}

async function onPostgres(url: string, log: (message: string) => void) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-bench-practice-pg-"));
  try {
    return await onFreshPostgres(url, `pl_bench_practice_${process.pid}`, (database) =>
      measure(database, dataDir, log),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchStudentPractice(log: (message: string) => void): Promise<PracticeBenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-bench-practice-"));
  const rows: PracticeBenchRow[] = [];
  try {
    const database = await openPglite(path.join(dataDir, "pg"));
    try {
      const { timings } = await measure(database, dataDir, log);
      rows.push(...rowsOf(timings, "PGlite", true));
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const url = (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL)?.trim();
  if (url) rows.push(...rowsOf((await onPostgres(url, log)).timings, "PostgreSQL", false));
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchStudentPractice((message) => console.error(message));
  for (const row of rows)
    console.log(`${row.metric}: ${row.value} (target ${row.target}) ${row.pass ? "met" : "missed"}`);
}
