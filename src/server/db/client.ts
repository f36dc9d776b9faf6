import { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type SQL, sql } from "drizzle-orm";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import type * as schema from "./schema.ts";

// What both drivers share. Each driver lives in a file of its own (pglite.ts, postgres.ts), which
// the server imports when it opens that kind of database: a server on PGlite never loads `pg`, one
// on PostgreSQL never loads PGlite (start-up).

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw `db.execute(sql...)`, which both drivers answer as `{ rows }`. */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * selectRows as a named (prepared) statement: on PostgreSQL each connection parses it once, and
 * the server may keep one plan for it, where an unnamed statement is parsed and planned at every
 * call. For a hot statement whose text never changes (its lists passed as one array parameter):
 * one name per text. PGlite runs it as any other statement.
 */
export async function preparedRows<T>(db: Database, name: string, query: SQL): Promise<T[]> {
  const result = (await db._.session
    .prepareQuery(dialect.sqlToQuery(query), undefined, name, false)
    .execute()) as unknown as { rows: T[] };
  return result.rows;
}

/** Cross-process messages (session revocation); in-process for PGlite, LISTEN/NOTIFY on PostgreSQL. */
export interface Notifier {
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, listener: (payload: string) => void): Promise<void>;
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** PostgreSQL only: the connection pool, for libraries that take one (the shared rate limits). */
  pool?: Pool;
  notifier: Notifier;
  /**
   * Raw SQL for libraries that bring their own statements (the job queue, platform/jobs/jobs.ts): text with
   * $1-style parameters; without values it may hold several statements (the last one's rows are
   * answered). On PGlite it goes through the same serial queue as every other call.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Reclaims dead rows and refreshes planner statistics (PGlite never autovacuums). */
  vacuumAnalyze(): Promise<void>;
  close(): Promise<void>;
}

/** The SQL migrations: beside this file in src/, copied beside the compiled server by the build. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** The journal's newest migration, read once (the readiness check asks on every probe). */
let newestMigration: number | undefined;

/**
 * Whether the database has every migration, in one query. drizzle's migrate() reads and hashes
 * every migration file and runs DDL (create schema, create table, if not exists) in a transaction
 * at each start, which cost PGlite about 0.1 s: the drivers run it only when
 * this says no, or cannot tell (no migrations table yet). Same rule as migrate(): a migration is
 * applied when one as new as it (its journal `when`, drizzle's created_at) was recorded.
 */
export async function hasEveryMigration(db: Database): Promise<boolean> {
  newestMigration ??= Math.max(
    ...(
      JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
        entries: Array<{ when: number }>;
      }
    ).entries.map((entry) => entry.when),
  );
  const newest = newestMigration;
  try {
    const [row] = await selectRows<{ latest: string | number | null }>(
      db,
      sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
    );
    return Number(row?.latest ?? 0) >= newest;
  } catch {
    return false;
  }
}

export function inProcessNotifier(): Notifier {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
    },
  };
}

/** The migration files, for telling whether a saved snapshot is still current. */
export const migrationFiles = () =>
  fs
    .readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".sql") || name.endsWith(".json"))
    .sort()
    .map((name) => path.join(migrationsFolder, name));
