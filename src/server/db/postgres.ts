import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import {
  type Database,
  type DatabaseHandle,
  hasEveryMigration,
  migrationsFolder,
  type Notifier,
} from "./client.ts";
import * as schema from "./schema.ts";

/**
 * The advisory lock key under which an instance migrates the database and seeds it. Advisory
 * locks belong to one database, so instances on other databases of the same server never wait.
 */
export const STARTUP_LOCK_KEY = 5_073_820_417_303_321n;

export interface PostgresStartup {
  /** Work that runs after the migrations under the same lock (the template library's seeding). */
  prepare?: (db: Database) => Promise<unknown>;
  /** Told how long this instance waited because another one held the lock (not called when it did not). */
  onWaited?: (milliseconds: number) => void;
}

/**
 * Runs `work` holding the start-up lock, on a session of its own that ends afterwards (which
 * releases the lock even if the unlock is never sent): instances that start together, on an empty
 * database or on one that needs a new migration, migrate and seed one after the other.
 */
async function underStartupLock<T>(
  connectionString: string,
  work: (session: pg.Client) => Promise<T>,
  onWaited?: (milliseconds: number) => void,
): Promise<T> {
  const session = new pg.Client({ connectionString });
  session.on("error", () => undefined);
  await session.connect();
  try {
    const key = STARTUP_LOCK_KEY.toString();
    const tried = await session.query<{ locked: boolean }>(
      "select pg_try_advisory_lock($1::bigint) as locked",
      [key],
    );
    if (!tried.rows[0]?.locked) {
      const waitingSince = performance.now();
      await session.query("select pg_advisory_lock($1::bigint)", [key]);
      onWaited?.(performance.now() - waitingSince);
    }
    try {
      return await work(session);
    } finally {
      await session.query("select pg_advisory_unlock($1::bigint)", [key]).catch(() => undefined);
    }
  } finally {
    await session.end().catch(() => undefined);
  }
}

/**
 * Opens a pool on a PostgreSQL server. Migrations applied, then `startup.prepare` run, both under
 * the start-up lock: several instances may open the same database at the same moment.
 */
export async function openPostgres(
  connectionString: string,
  startup: PostgresStartup = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on("error", () => undefined); // an idle client dropped by the server is replaced on next use
  const db = drizzle(pool, { schema }) as unknown as Database;
  try {
    await underStartupLock(
      connectionString,
      async (session) => {
        if (!(await hasEveryMigration(db))) await migrate(drizzle(session), { migrationsFolder });
        await startup.prepare?.(db);
      },
      startup.onWaited,
    );
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  // One connection listens for every channel. Its statements go one at a time (pg warns about a
  // query sent while another runs on the same client, and pg 9 drops that): concurrent subscribers,
  // the template caches starting together say, wait for each other's LISTEN.
  let listener: Promise<pg.Client> | undefined;
  let lastListen: Promise<unknown> = Promise.resolve();
  const listening = new Map<string, Promise<void>>();
  const listeners = new Map<string, Array<(payload: string) => void>>();
  const connectListener = async () => {
    const client = new pg.Client({ connectionString });
    client.on("error", () => undefined);
    client.on("notification", (message) => {
      for (const fn of listeners.get(message.channel) ?? []) fn(message.payload ?? "");
    });
    await client.connect();
    return client;
  };
  const notifier: Notifier = {
    async publish(channel, payload) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async subscribe(channel, onMessage) {
      const handlers = listeners.get(channel);
      if (handlers) handlers.push(onMessage);
      else listeners.set(channel, [onMessage]);
      let ready = listening.get(channel);
      if (!ready) {
        if (!listener) {
          listener = connectListener();
          listener.catch(() => undefined); // its failure reaches the subscribers that wait on it
        }
        const connected = listener;
        ready = lastListen.then(async () => {
          await (await connected).query(`LISTEN "${channel.replaceAll('"', "")}"`);
        });
        lastListen = ready.catch(() => undefined);
        listening.set(channel, ready);
      }
      await ready;
    },
  };
  return {
    db,
    kind: "postgres",
    pool,
    notifier,
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
    vacuumAnalyze: async () => {
      await db.execute(sql`ANALYZE`);
    },
    close: async () => {
      await listener?.then(
        (client) => client.end(),
        () => undefined,
      );
      await pool.end();
    },
  };
}
