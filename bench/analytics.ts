// Analytics rows of `npm run bench`: a person with 200,000 analytics events spread over
// a year, 50 projects and 5,000 contributions, on an embedded PGlite database: p95 of
// GET /api/analytics/summary/:facultyId?range=1y (target < 100 ms; the other ranges for
// information) and the PDF report of the year (target < 1 s). In process, through app.inject.
// Seeded with set-based SQL (generate_series).
//
// Alone: `npx tsx bench/analytics.ts`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { openPglite } from "../src/server/db/pglite.ts";
import { inProcessApp } from "./in-process.ts";

export const ANALYTICS_BENCH_SIZES = { events: 200_000, projects: 50, contributions: 5_000 };
const SAMPLES = 60;
const TARGETS = { summaryP95Ms: 100, pdfMs: 1000 };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export interface AnalyticsBenchRow {
  metric: string;
  value: string;
  target: string;
  pass: boolean;
}

export async function benchAnalytics(log: (message: string) => void): Promise<AnalyticsBenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-bench-analytics-"));
  const database = await openPglite(path.join(dataDir, "pg"));
  try {
    const { app, headers, facultyId } = await inProcessApp(database, dataDir, "analytics-bench@bench.test");
    const { events, projects, contributions } = ANALYTICS_BENCH_SIZES;
    log(
      `analytics: seeding ${events.toLocaleString("en")} events over a year, ${projects} projects, ${contributions.toLocaleString("en")} contributions`,
    );
    await database.db.execute(sql`
      insert into project (faculty_id, title, discipline, status, methodology, contribution_token, join_code, created_at, updated_at)
      select ${facultyId}, 'Project ' || g, 'chemistry',
             (array['active','active','completed','archived'])[1 + g % 4],
             jsonb_build_object('classSize', case when g % 3 = 0 then '' else (20 + g)::text end),
             'bench-analytics-token-' || g, 'A' || lpad(g::text, 7, '0'), now() - g * interval '6 days', now() - g * interval '1 day'
      from generate_series(1, ${projects}) as g`);
    await database.db.execute(sql`
      insert into contribution (project_id, project_owner_id, student_name, student_email, contribution_type, content, status, created_at)
      select p.id, ${facultyId}, 'Student ' || (g % 800), 'student' || (g % 800) || '@bench.test', 'suggestion', 'An idea ' || g,
             (array['pending','approved','implemented','rejected'])[1 + g % 4], now() - (g % 365) * interval '1 day'
      from generate_series(1, ${contributions}) as g
      join (select id, row_number() over (order by id) as n from project where faculty_id = ${facultyId}) p
        on p.n = 1 + g % ${projects}`);
    await database.db.execute(sql`
      insert into analytics_event (faculty_id, event_type, event_data, created_at)
      select ${facultyId},
             (array['project_created','project_updated','objective_converted','template_used','collaboration_added'])[1 + g % 5],
             jsonb_build_object('projectId', 1 + g % ${projects}, 'title', 'Project ' || (1 + g % ${projects})),
             now() - (g::float8 / ${events}) * interval '365 days'
      from generate_series(1, ${events}) as g`);
    await database.vacuumAnalyze();

    const summary = (range: string) =>
      app.inject({ method: "GET", url: `/api/analytics/summary/${facultyId}?range=${range}`, headers });
    const p95s: Record<string, number> = {};
    let yearEvents = 0;
    for (const range of ["1y", "90d", "30d", "7d"]) {
      for (let i = 0; i < 5; i++) await summary(range);
      const times: number[] = [];
      for (let i = 0; i < (range === "1y" ? SAMPLES : 20); i++) {
        const started = performance.now();
        const reply = await summary(range);
        times.push(performance.now() - started);
        if (reply.statusCode !== 200) throw new Error(`summary answered ${reply.statusCode}: ${reply.body}`);
        if (range === "1y") yearEvents = reply.json().totalEvents;
      }
      times.sort((a, b) => a - b);
      p95s[range] = percentile(times, 95);
    }
    if (yearEvents < events * 0.99) throw new Error(`the year's summary counted ${yearEvents} events`);

    const pdfTimes: number[] = [];
    let pdfBytes = 0;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const reply = await app.inject({
        method: "GET",
        url: "/api/analytics/report?format=pdf&range=1y",
        headers,
      });
      pdfTimes.push(performance.now() - started);
      if (reply.statusCode !== 200) throw new Error(`report answered ${reply.statusCode}`);
      pdfBytes = reply.rawPayload.length;
    }
    await app.close();
    pdfTimes.sort((a, b) => a - b);
    const pdfMedian = pdfTimes[2] ?? 0;
    const size = `${events.toLocaleString("en")} events over a year, ${projects} projects, ${contributions.toLocaleString("en")} contributions`;
    return [
      {
        metric: `Analytics: GET /api/analytics/summary/:id?range=1y p95 (${size}), PGlite`,
        value: `${p95s["1y"]?.toFixed(1)} ms (90d ${p95s["90d"]?.toFixed(1)}, 30d ${p95s["30d"]?.toFixed(1)}, 7d ${p95s["7d"]?.toFixed(1)} ms)`,
        target: `< ${TARGETS.summaryP95Ms} ms`,
        pass: (p95s["1y"] ?? Infinity) < TARGETS.summaryP95Ms,
      },
      {
        metric:
          "Analytics: PDF report of the year (GET /api/analytics/report?format=pdf&range=1y), median of 5",
        value: `${pdfMedian.toFixed(0)} ms (${Math.round(pdfBytes / 1024)} KB)`,
        target: `< ${TARGETS.pdfMs} ms`,
        pass: pdfMedian < TARGETS.pdfMs,
      },
    ];
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchAnalytics((message) => console.error(message));
  for (const row of rows)
    console.log(`${row.metric}: ${row.value} (target ${row.target}) ${row.pass ? "met" : "missed"}`);
}
