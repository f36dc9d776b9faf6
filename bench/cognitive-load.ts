// Cognitive Load Analytics rows of `npm run bench`: an instructor with 50,000 check-ins
// across 40 projects over the last year, on an embedded PGlite database: p95 of
// GET /api/cognitive-load/summary (target < 100 ms) for all time (every check-in read), the
// semester and 30 days, all contexts, and one project and context. In process, through app.inject:
// the route, validation, the SQL, the rules and the serialisation are measured; the network is not.
// Seeded with set-based SQL (generate_series), not one insert per row.
//
// Alone: `npx tsx bench/cognitive-load.ts`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { openPglite } from "../src/server/db/pglite.ts";
import { inProcessApp } from "./in-process.ts";

export const COGNITIVE_BENCH_SIZES = { checkIns: 50_000, projects: 40, days: 365 };
const SAMPLES = 100;
const TARGET_P95_MS = 100;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export interface CognitiveBenchRow {
  metric: string;
  value: string;
  target: string;
  pass: boolean;
}

export async function benchCognitiveLoad(log: (message: string) => void): Promise<CognitiveBenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-bench-cognitive-"));
  const database = await openPglite(path.join(dataDir, "pg"));
  try {
    const { app, headers, facultyId } = await inProcessApp(database, dataDir, "cognitive-bench@bench.test");
    const { checkIns, projects, days } = COGNITIVE_BENCH_SIZES;
    log(`cognitive load: seeding ${projects} projects and ${checkIns.toLocaleString("en")} check-ins`);
    const projectIds: number[] = [];
    for (let i = 1; i <= projects; i++) {
      const reply = await app.inject({
        method: "POST",
        url: "/api/projects",
        headers,
        payload: {
          title: `Project ${i}`,
          discipline: "chemistry",
          methodology: { discipline: "chemistry", pivotConcepts: "Concept" },
        },
      });
      if (reply.statusCode !== 201) throw new Error(`project answered ${reply.statusCode}: ${reply.body}`);
      projectIds.push((reply.json() as { id: number }).id);
    }
    // Answers spread over every scale and the year; one in five with a remark.
    await database.db.execute(sql`
      insert into cognitive_load_check_in (project_id, project_owner_id, context, mental_effort,
        intrinsic_items, extraneous_items, germane_items, intrinsic_load, extraneous_load, germane_load,
        technostress, interruptions, task_minutes, refocus_minutes, remark, source, created_at)
      select p.id, ${facultyId}, (array['pivot','launch','assessment'])[1 + g % 3], 1 + g % 9,
             array[g % 11, (g + 3) % 11, (g + 5) % 11]::smallint[],
             array[(g / 3) % 11, (g + 1) % 11, (g + 7) % 11]::smallint[],
             array[g % 11, (g + 2) % 11, (g + 4) % 11, (g + 6) % 11]::smallint[],
             ((g % 11) + ((g + 3) % 11) + ((g + 5) % 11)) / 3.0,
             (((g / 3) % 11) + ((g + 1) % 11) + ((g + 7) % 11)) / 3.0,
             ((g % 11) + ((g + 2) % 11) + ((g + 4) % 11) + ((g + 6) % 11)) / 4.0,
             1 + g % 7, g % 12, 10 + g % 80, (g % 20) / 2.0,
             case when g % 5 = 0 then 'Remark ' || g end, 'import',
             now() - ((g::double precision / ${checkIns}) * ${days}) * interval '1 day'
      from generate_series(1, ${checkIns}) as g
      join (select id, row_number() over (order by id) as n from project where faculty_id = ${facultyId}) p
        on p.n = 1 + g % ${projects}`);
    await database.vacuumAnalyze();

    const cases = [
      { label: "all time, all contexts", query: "timeframe=all&context=all" },
      { label: "semester, all contexts", query: "timeframe=semester&context=all" },
      { label: "30 days, all contexts", query: "timeframe=30d&context=all" },
      {
        label: "all time, one project, pivot",
        query: `timeframe=all&context=pivot&projectId=${projectIds[0]}`,
      },
    ];
    const rows: CognitiveBenchRow[] = [];
    for (const [index, { label, query }] of cases.entries()) {
      const get = () => app.inject({ method: "GET", url: `/api/cognitive-load/summary?${query}`, headers });
      for (let i = 0; i < 10; i++) await get();
      const times: number[] = [];
      let responses = 0;
      for (let i = 0; i < SAMPLES; i++) {
        const started = performance.now();
        const reply = await get();
        times.push(performance.now() - started);
        if (reply.statusCode !== 200) throw new Error(`summary answered ${reply.statusCode}: ${reply.body}`);
        responses = (reply.json() as { responses: number }).responses;
      }
      if (index === 0 && responses !== checkIns)
        throw new Error(`the summary counted ${responses} check-ins, expected ${checkIns}`);
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      rows.push({
        metric: `Cognitive Load: GET /api/cognitive-load/summary p95, ${label} (${responses.toLocaleString("en")} of ${checkIns.toLocaleString("en")} check-ins, ${projects} projects), PGlite`,
        value: `${p95.toFixed(1)} ms`,
        target: `< ${TARGET_P95_MS} ms`,
        pass: p95 < TARGET_P95_MS,
      });
    }
    await app.close();
    return rows;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchCognitiveLoad((message) => console.error(message));
  for (const row of rows)
    console.log(`${row.metric}: ${row.value} (target ${row.target}) ${row.pass ? "met" : "missed"}`);
}
