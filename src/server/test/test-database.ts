import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, inProcessNotifier, selectRows } from "../db/client.ts";
import { openPglite } from "../db/pglite.ts";
import { openPostgres } from "../db/postgres.ts";
import { JOBS_SCHEMA } from "../platform/jobs/jobs.ts";

/** Set by the Vitest global setup: the migrated PGlite snapshot every test file starts from. */
export const PGLITE_SNAPSHOT_ENV = "PL_TEST_PGLITE_SNAPSHOT";

/**
 * A fresh, migrated, empty database for one test file: in-memory PGlite by default (started from
 * the run's migrated snapshot, then reused by the worker's next files, emptied); with TEST_DB=postgres (set by the vitest "postgres"
 * project from TEST_DATABASE_URL) a new database on that server, dropped again on close.
 */
export interface TestDatabase extends DatabaseHandle {
  /** A second connection to the same database, as another app instance would open (PostgreSQL only). */
  openAnother?: () => Promise<DatabaseHandle>;
  /** Its connection URL, for another process (PostgreSQL only). */
  url?: string;
}

let snapshot: Uint8Array | undefined;

function pgliteSnapshot(): Uint8Array | undefined {
  const file = process.env[PGLITE_SNAPSHOT_ENV];
  if (!file || !fs.existsSync(file)) return undefined;
  snapshot ??= fs.readFileSync(file);
  return snapshot;
}

/**
 * PGlite databases of this worker process, reused from one test file to the next (the server
 * tests run with `isolate: false`): starting a PGlite costs seconds (compiling the WebAssembly
 * module, loading the cluster), emptying its tables a few milliseconds. A file that holds two
 * databases at once gets a second one.
 */
const pool: Array<{ handle: DatabaseHandle; inUse: boolean }> = [];

async function emptyTables(handle: DatabaseHandle) {
  const [row] = await selectRows<{ tables: string | null }>(
    handle.db,
    sql`select string_agg(format('%I.%I', schemaname, tablename), ', ') as tables
        from pg_tables where schemaname = 'public'`,
  );
  if (row?.tables) await handle.db.execute(sql.raw(`TRUNCATE ${row.tables} RESTART IDENTITY CASCADE`));
  // The job queue's rows (platform/jobs/jobs.ts): an earlier file's jobs must not run in this one. Its
  // queues stay (their rules are brought up to date when declared again).
  const [jobs] = await selectRows<{ present: boolean }>(
    handle.db,
    sql`select to_regclass(${`${JOBS_SCHEMA}.job`}) is not null as present`,
  );
  if (jobs?.present) {
    await handle.db.execute(sql.raw(`TRUNCATE ${JOBS_SCHEMA}.job, ${JOBS_SCHEMA}.archive`));
  }
}

async function pooledPglite(): Promise<TestDatabase> {
  let entry = pool.find((candidate) => !candidate.inUse);
  if (entry) await emptyTables(entry.handle);
  else {
    entry = { handle: await openPglite(undefined, { snapshot: pgliteSnapshot() }), inUse: false };
    pool.push(entry);
  }
  entry.inUse = true;
  const taken = entry;
  return {
    ...taken.handle,
    // Subscribers of an earlier file's apps must not hear this file's messages.
    notifier: inProcessNotifier(),
    close: async () => {
      taken.inUse = false;
    },
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== "postgres") return pooledPglite();
  if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");

  const { handle, url, drop } = await openNewPostgres(serverUrl, `pl_test_${randomBytes(6).toString("hex")}`);
  return { ...handle, openAnother: () => openPostgres(url), url, close: drop };
}

/**
 * A new database `name` on the PostgreSQL server of `serverUrl` (one of that name a crashed run
 * left is dropped first), opened and migrated as the app does; `drop` closes it and drops it. For
 * the tests (createTestDatabase) and the benchmarks (bench/fresh-postgres.ts).
 */
export async function openNewPostgres(serverUrl: string, name: string) {
  const { url, drop } = await createEmptyPostgres(serverUrl, name);
  const handle = await openPostgres(url);
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      await drop();
    },
  };
}

/**
 * A new, empty database `name` on the PostgreSQL server of `serverUrl` (not migrated: for the
 * servers a test starts on it); `drop` drops it.
 */
export async function createEmptyPostgres(serverUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

/**
 * Drops a test database. WITH (FORCE) ends the other sessions on it, but not an autovacuum worker,
 * which a role without pg_signal_backend may not end: such a drop is tried again shortly after,
 * and a database still left over is reported, not failed on (it fails no test).
 */
async function dropDatabase(serverUrl: string, name: string) {
  for (let attempt = 1; ; attempt += 1) {
    const dropper = new pg.Client({ connectionString: serverUrl });
    try {
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      if (attempt >= 5) {
        console.warn(`test database ${name} was not dropped: ${(error as Error).message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
    } finally {
      await dropper.end().catch(() => undefined);
    }
  }
}
