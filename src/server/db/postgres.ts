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
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
    vacuumAnalyze: async () => {
      await db.execute(sql`ANALYZE`);
    },
    close: async () => {
      await listener?.end();
      await pool.end();
    },
  };
}
