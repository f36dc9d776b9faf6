// A fresh PostgreSQL database for one benchmark: created (dropped first if a crashed run left it)
// on the server of `url`, opened and migrated as the app does, and dropped again afterwards.
import pg from "pg";
import type { DatabaseHandle } from "../src/server/db/client.ts";
import { openPostgres } from "../src/server/db/postgres.ts";

export async function onFreshPostgres<T>(
  url: string,
  name: string,
  run: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString());
  try {
    return await run(database);
  } finally {
    await database.close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await dropper.end();
  }
}
