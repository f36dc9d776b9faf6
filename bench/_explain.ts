import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openPglite } from "../src/server/db/pglite.ts";
import { createStudentPracticeRepository } from "../src/server/modules/student-practice/student-practice.repository.ts";
import { seed } from "./student-practice.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-prof-"));
const database = await openPglite(path.join(dataDir, "pg"));
const { app } = await seed(database, dataDir, console.log);
await database.vacuumAnalyze();
const ids = (
  (await database.db.execute(sql`select id from faculty where email like 'student-%' order by id`)) as any
).rows.map((r: any) => r.id);
const repo = createStudentPracticeRepository(database.db);
const q = repo.due(ids[0], new Date(), 80).toSQL();
const plan = await (database as any).db.execute(
  sql.raw(
    "explain analyze " +
      q.sql.replace(/\$(\d+)/g, (_: string, n: string) => {
        const v = q.params[Number(n) - 1];
        return typeof v === "string" ? `'${v}'` : String(v);
      }),
  ),
);
for (const r of (plan as any).rows) console.log(r["QUERY PLAN"]);
const t0 = performance.now();
for (let i = 0; i < 20; i++) await repo.due(ids[i], new Date(), 80);
console.log("due", (performance.now() - t0) / 20);
await app.close();
await database.close();
