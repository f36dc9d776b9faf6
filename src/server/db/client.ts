import { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { SerialQueue } from "../lib/serial-queue.ts";
import * as schema from "./schema.ts";

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

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * PGlite runs one backend in this process. Its own locks cover single calls, but concurrent
 * extended-protocol batches from several callers can interleave, so every entry point goes
 * through one queue. A transaction holds the queue until it ends; queries inside it use the
 * transaction object, not the client, so they do not wait on the queue.
 */
function serialise(client: PGlite): PGlite {
  const queue = new SerialQueue();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  Object.assign(client, {
    query: (...args: Parameters<PGlite["query"]>) => queue.run(() => query(...args)),
    exec: (...args: Parameters<PGlite["exec"]>) => queue.run(() => exec(...args)),
    transaction: (...args: Parameters<PGlite["transaction"]>) => queue.run(() => transaction(...args)),
  });
  return client;
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

/**
 * Opens PGlite: in memory when dataDir is undefined, else under dataDir. Migrations applied.
 * A fresh dataDir is unpacked from `template` (an initdb'd empty cluster, built by
 * scripts/build-pglite-template.mjs) when given, which is three times faster than initdb. An
 * in-memory database starts from `snapshot` when given (a migrated cluster, see
 * migratedPgliteSnapshot: the test suite's way to skip initdb and the migrations per file).
 */
export async function openPglite(
  dataDir?: string,
  options: { template?: string; snapshot?: Uint8Array } = {},
): Promise<DatabaseHandle> {
  const fresh = dataDir !== undefined && !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  const loadDataDir =
    dataDir === undefined && options.snapshot
      ? new Blob([options.snapshot as Uint8Array<ArrayBuffer>])
      : fresh && options.template && fs.existsSync(options.template)
        ? new Blob([fs.readFileSync(options.template)])
        : undefined;
  const extensions = { pg_trgm };
  const client = serialise(
    await PGlite.create(dataDir ? { dataDir, loadDataDir, extensions } : { extensions }),
  );
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: "pglite",
    notifier: inProcessNotifier(),
    vacuumAnalyze: async () => {
      await client.exec("VACUUM ANALYZE");
    },
    close: () => client.close(),
  };
}

/** An in-memory cluster with every migration applied, as a tarball openPglite's `snapshot` takes. */
export async function migratedPgliteSnapshot(): Promise<Uint8Array> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    const dump = await client.dumpDataDir("none");
    return new Uint8Array(await dump.arrayBuffer());
  } finally {
    await client.close();
  }
}

/** The migration files, for telling whether a saved snapshot is still current. */
export const migrationFiles = () =>
  fs
    .readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".sql") || name.endsWith(".json"))
    .sort()
    .map((name) => path.join(migrationsFolder, name));

/** Opens a pool on a PostgreSQL server. Migrations applied. */
export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on("error", () => undefined); // an idle client dropped by the server is replaced on next use
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  await migratePg(drizzlePg(pool), { migrationsFolder });

  let listener: pg.Client | undefined;
  const listeners = new Map<string, Array<(payload: string) => void>>();
  const notifier: Notifier = {
    async publish(channel, payload) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async subscribe(channel, onMessage) {
      if (!listener) {
        listener = new pg.Client({ connectionString });
        listener.on("error", () => undefined);
        listener.on("notification", (message) => {
          for (const fn of listeners.get(message.channel) ?? []) fn(message.payload ?? "");
        });
        await listener.connect();
      }
      if (!listeners.has(channel)) {
        listeners.set(channel, []);
        await listener.query(`LISTEN "${channel.replaceAll('"', "")}"`);
      }
      listeners.get(channel)?.push(onMessage);
    },
  };
  return {
    db,
    kind: "postgres",
    notifier,
    vacuumAnalyze: async () => {
      await db.execute(sql`ANALYZE`);
    },
    close: async () => {
      await listener?.end();
      await pool.end();
    },
  };
}
