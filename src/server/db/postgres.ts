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

/** Opens a pool on a PostgreSQL server. Migrations applied. */
export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on("error", () => undefined); // an idle client dropped by the server is replaced on next use
  const db = drizzle(pool, { schema }) as unknown as Database;
  if (!(await hasEveryMigration(db))) await migrate(drizzle(pool), { migrationsFolder });

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
