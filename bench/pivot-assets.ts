// Pivot Assets rows of `npm run bench`: a person with 20,000 retrieval items, 5,000 of
// them due, on an embedded PGlite database: p95 of GET /api/retrieval-items/due (target < 50 ms)
// and of POST /api/retrieval-items/:id/reviews (target < 20 ms). In process, through app.inject:
// the route, validation, the SQL, FSRS and the serialisation are measured; the network is not.
// Seeded with set-based SQL (generate_series), not one insert per row.
//
// Alone: `npx tsx bench/pivot-assets.ts`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { openPglite } from "../src/server/db/pglite.ts";
import { inProcessApp } from "./in-process.ts";

export const PIVOT_BENCH_SIZES = { items: 20_000, due: 5_000, cards: 400, disciplines: 8 };
const SAMPLES = 200;
const TARGETS = { dueP95Ms: 50, reviewP95Ms: 20 };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export interface PivotBenchRow {
  metric: string;
  value: string;
  target: string;
  pass: boolean;
}

export async function benchPivotAssets(log: (message: string) => void): Promise<PivotBenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-bench-pivot-"));
  const database = await openPglite(path.join(dataDir, "pg"));
  try {
    const { app, headers, facultyId } = await inProcessApp(database, dataDir, "pivot-bench@bench.test");

    const { items, due, cards, disciplines } = PIVOT_BENCH_SIZES;
    log(
      `pivot assets: seeding ${cards} cards and ${items.toLocaleString("en")} items (${due.toLocaleString("en")} due)`,
    );
    const names = [
      "economics",
      "chemistry",
      "biology",
      "history",
      "mathematics",
      "statistics",
      "philosophy",
      "fintech",
    ];
    await database.db.execute(sql`
      insert into pivot_card (faculty_id, title, discipline, definition, constraints, minimal_example, counter_example, misconceptions)
      select ${facultyId}, 'Concept ' || g, (${sql.raw(`array['${names.slice(0, disciplines).join("','")}']`)})[1 + g % ${disciplines}],
             'Definition of concept ' || g, 'Not specified', 'Not provided', 'Not provided', '[]'::jsonb
      from generate_series(1, ${cards}) as g`);
    // Due items: reviewed 1 to 30 days ago, due 1 minute to 10 days ago. The rest: due 1 to 60 days ahead.
    await database.db.execute(sql`
      insert into retrieval_item (faculty_id, pivot_card_id, type, question, answer, due, stability, difficulty,
        elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review)
      select ${facultyId}, c.id, 'flashcard', 'Question ' || g, 'Answer ' || g,
             case when g <= ${due} then now() - ((g % 14400) + 1) * interval '1 minute'
                  else now() + ((g % 60) + 1) * interval '1 day' end,
             5 + (g % 20), 3 + (g % 6), 5, 5 + (g % 20), 0, 3, 0, 2,
             now() - ((g % 30) + 1) * interval '1 day'
      from generate_series(1, ${items}) as g
      join (select id, row_number() over (order by id) as n from pivot_card where faculty_id = ${facultyId}) c
        on c.n = 1 + g % ${cards}`);
    await database.vacuumAnalyze();

    const get = () => app.inject({ method: "GET", url: "/api/retrieval-items/due?tz=Europe/Paris", headers });
    for (let i = 0; i < 20; i++) await get();
    const dueTimes: number[] = [];
    let listed = 0;
    let total = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const reply = await get();
      dueTimes.push(performance.now() - started);
      if (reply.statusCode !== 200) throw new Error(`due answered ${reply.statusCode}: ${reply.body}`);
      const body = reply.json() as { total: number; items: unknown[] };
      listed = body.items.length;
      total = body.total;
    }
    if (total !== due) throw new Error(`the due list counted ${total} items, expected ${due}`);

    // Review distinct due items (each review moves the item out of the due list).
    const ids = (
      (await database.db.execute(
        sql`select id from retrieval_item where faculty_id = ${facultyId} and due <= now() order by id limit ${SAMPLES + 20}`,
      )) as unknown as { rows: Array<{ id: number }> }
    ).rows.map((row) => row.id);
    const reviewTimes: number[] = [];
    for (const [index, id] of ids.entries()) {
      const started = performance.now();
      const reply = await app.inject({
        method: "POST",
        url: `/api/retrieval-items/${id}/reviews`,
        headers,
        payload: { rating: 1 + (index % 4) },
      });
      if (index >= 20) reviewTimes.push(performance.now() - started);
      if (reply.statusCode !== 201) throw new Error(`review answered ${reply.statusCode}: ${reply.body}`);
    }
    // For information: the two reads that compute mastery from every item of the person.
    const informative: Array<{ url: string; p95: number }> = [];
    for (const url of ["/api/pivot-assets/stats?tz=Europe/Paris", "/api/pivot-cards"]) {
      const times: number[] = [];
      for (let i = 0; i < 25; i++) {
        const started = performance.now();
        const reply = await app.inject({ method: "GET", url, headers });
        if (i >= 5) times.push(performance.now() - started);
        if (reply.statusCode !== 200) throw new Error(`${url} answered ${reply.statusCode}: ${reply.body}`);
      }
      times.sort((a, b) => a - b);
      informative.push({ url, p95: percentile(times, 95) });
    }
    await app.close();

    dueTimes.sort((a, b) => a - b);
    reviewTimes.sort((a, b) => a - b);
    const dueP95 = percentile(dueTimes, 95);
    const reviewP95 = percentile(reviewTimes, 95);
    const size = `${items.toLocaleString("en")} items, ${due.toLocaleString("en")} due`;
    return [
      {
        metric: `Pivot Assets: GET /api/retrieval-items/due p95 (${size}; ${listed} listed), PGlite`,
        value: `${dueP95.toFixed(1)} ms`,
        target: `< ${TARGETS.dueP95Ms} ms`,
        pass: dueP95 < TARGETS.dueP95Ms,
      },
      {
        metric: `Pivot Assets: POST /api/retrieval-items/:id/reviews p95 (${size}), PGlite`,
        value: `${reviewP95.toFixed(1)} ms`,
        target: `< ${TARGETS.reviewP95Ms} ms`,
        pass: reviewP95 < TARGETS.reviewP95Ms,
      },
      ...informative.map(({ url, p95 }) => ({
        metric: `Pivot Assets: GET ${url.split("?")[0]} p95 (${size}; mastery from every item), PGlite`,
        value: `${p95.toFixed(1)} ms`,
        target: "",
        pass: true,
      })),
    ];
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchPivotAssets((message) => console.error(message));
  for (const row of rows)
    console.log(`${row.metric}: ${row.value} (target ${row.target}) ${row.pass ? "met" : "missed"}`);
}
