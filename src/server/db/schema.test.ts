import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { selectRows } from "./client.ts";

describe("the migrated schema", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("has an index leading with a column of every foreign key, so no delete scans the table that refers to it", async () => {
    // Deleting a row (a template, a card, a project) makes PostgreSQL find the rows that refer to
    // it: without such an index, that is a scan of the whole referring table each time.
    const unindexed = await selectRows<{ foreignKey: string }>(
      t.db,
      sql`select c.conrelid::regclass::text || '.' || c.conname as "foreignKey"
          from pg_constraint c
          join pg_namespace n on n.oid = c.connamespace
          where c.contype = 'f' and n.nspname = 'public'
            and not exists (
              select 1 from pg_index i
              where i.indrelid = c.conrelid and i.indkey[0] = any (c.conkey)
            )
          order by 1`,
    );
    expect(unindexed).toEqual([]);
  });
});
