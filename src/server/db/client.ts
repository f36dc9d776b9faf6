import { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema.ts";

// What both drivers share. Each driver lives in a file of its own (pglite.ts, postgres.ts), which
// the server imports when it opens that kind of database: a server on PGlite never loads `pg`, one
// on PostgreSQL never loads PGlite (issue 12, start-up).

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw `db.execute(sql...)`, which both drivers answer as `{ rows }`. */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
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
  notifier: Notifier;
  /** Reclaims dead rows and refreshes planner statistics (PGlite never autovacuums). */
  vacuumAnalyze(): Promise<void>;
  close(): Promise<void>;
}

/** The SQL migrations: beside this file in src/, copied beside the compiled server by the build. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

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
