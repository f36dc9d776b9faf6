import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "../db/client.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default; with TEST_DB=postgres
 * (set by the vitest "postgres" project from TEST_DATABASE_URL) a new database on that server,
 * dropped again on close.
 */
export interface TestDatabase extends DatabaseHandle {
  /** A second connection to the same database, as another app instance would open (PostgreSQL only). */
  openAnother?: () => Promise<DatabaseHandle>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== "postgres") return openPglite();
  if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");

  const name = `pl_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    openAnother: () => openPostgres(url.toString()),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
