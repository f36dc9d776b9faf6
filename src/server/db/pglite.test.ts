import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { PGLITE_SNAPSHOT_ENV } from "../test/test-database.ts";
import { hasEveryMigration, selectRows } from "./client.ts";
import { openPglite } from "./pglite.ts";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DB === "postgres")("openPglite on a folder", () => {
  it("starts a fresh folder as a copy of a template cluster, and a used one as it is", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "pl-template-"));
    folders.push(root);
    // A template cluster as the build makes one (db/pglite-template.ts), with a row to recognise.
    const templateDir = path.join(root, "template");
    const template = await openPglite(templateDir, { template: process.env[PGLITE_SNAPSHOT_ENV] });
    await template.db.execute(sql`create table marker (note text)`);
    await template.db.execute(sql`insert into marker values ('from the template')`);
    // Start-up skips drizzle's migrate() when the newest migration is recorded, and only then.
    expect(await hasEveryMigration(template.db)).toBe(true);
    await template.db.execute(sql`alter table drizzle.__drizzle_migrations rename to kept`);
    expect(await hasEveryMigration(template.db)).toBe(false);
    await template.db.execute(sql`create table drizzle.__drizzle_migrations as select * from drizzle.kept`);
    await template.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.kept)`,
    );
    expect(await hasEveryMigration(template.db)).toBe(false);
    await template.db.execute(sql`drop table drizzle.__drizzle_migrations`);
    await template.db.execute(sql`alter table drizzle.kept rename to __drizzle_migrations`);
    expect(await hasEveryMigration(template.db)).toBe(true);
    await template.close();

    const dataDir = path.join(root, "data", "pg");
    const copy = await openPglite(dataDir, { template: templateDir });
    expect(await selectRows(copy.db, sql`select note from marker`)).toEqual([{ note: "from the template" }]);
    await copy.db.execute(sql`insert into marker values ('written later')`);
    await copy.close();
    expect(fs.readdirSync(path.dirname(dataDir))).toEqual(["pg"]); // no half-made copy left beside it

    // Opened again, the folder keeps what was written; the template is not copied over it.
    const reopened = await openPglite(dataDir, { template: templateDir });
    expect(await selectRows(reopened.db, sql`select note from marker order by note`)).toEqual([
      { note: "from the template" },
      { note: "written later" },
    ]);
    await reopened.close();
  }, 120_000);
});
