// The EXPLAIN pass: a large data set in an embedded (PGlite) database, every
// data route called as its users call it, and each distinct statement those calls sent run again
// under EXPLAIN ANALYZE. Prints, per statement, its time and the plan's scans, and fails when a
// statement reads a large table from end to end (a sequential scan). Times are printed, never
// judged: this machine's load moves them several times over.
//
//   npx tsx bench/explain.ts            (about a minute; part of `npm run bench`)
//
// Statements inside a transaction (the writes that publish domain events) are not seen: they are
// single-row inserts and updates by primary key.
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openPglite } from "../src/server/db/pglite.ts";
import { seedTemplateLibrary } from "../src/server/modules/templates/templates.seed.ts";
import { buildProjectInput, signedInFaculty } from "../src/server/test/factories.ts";

export const EXPLAIN_SIZES = {
  instructors: 10,
  projectsEach: 1_000,
  contributionsPerProject: 10,
  templateCopies: 100,
  conversionsEach: 2_000,
  eventsEach: 10_000,
  documentsEach: 300,
  passagesPerDocument: 10,
  pivotCardsEach: 200,
  retrievalItemsEach: 5_000,
};

/** Tables whose every row is read only by a bug once they hold this data set. */
const LARGE_TABLES = [
  "project",
  "contribution",
  "template",
  "objective_conversion",
  "analytics_event",
  "document",
  "passage",
  "pivot_card",
  "retrieval_item",
  "retrieval_review",
];

/**
 * Statements that read a whole table on purpose, with the reason: they fill something held in
 * memory, once per change, and no request waits for them again until the next change.
 */
const INTENDED_FULL_READS: Array<{ statement: RegExp; reason: string }> = [
  {
    // TemplatesRepository.searchableTexts, read by the typo tolerance of template search.
    statement: /^select concat_ws\(' ', .*"search_text"\) from "template"/i,
    reason:
      "the spelling vocabulary of the templates a viewer sees, built in memory once per change of the library (templates.service.ts, respellFor)",
  },
];

interface Seen {
  text: string;
  params: unknown[];
  routes: Set<string>;
}

export interface ExplainRow {
  statement: string;
  routes: string[];
  ms: number;
  scans: string[];
  problem?: string;
  /** Why a statement that reads a whole table does so (INTENDED_FULL_READS). */
  intended?: string;
}

/** Records every statement sent through PGlite's `query` while `route` is set. */
function recordStatements() {
  const seen = new Map<string, Seen>();
  let route: string | undefined;
  const original = PGlite.prototype.query;
  PGlite.prototype.query = function (this: PGlite, text: string, params?: unknown[], options?: never) {
    if (route && /^\s*(select|update|delete|insert|with)\b/i.test(text)) {
      const entry = seen.get(text) ?? { text, params: params ?? [], routes: new Set<string>() };
      entry.routes.add(route);
      seen.set(text, entry);
    }
    return original.call(this, text, params, options) as never;
  } as typeof original;
  return {
    seen,
    during: async <T>(name: string, run: () => Promise<T>) => {
      route = name;
      try {
        return await run();
      } finally {
        route = undefined;
      }
    },
    restore: () => {
      PGlite.prototype.query = original;
    },
  };
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  Plans?: PlanNode[];
}

function scansOf(node: PlanNode, into: string[] = []): string[] {
  if (node["Relation Name"]) {
    const how = node["Index Name"] ? `${node["Node Type"]} ${node["Index Name"]}` : node["Node Type"];
    into.push(`${how} on ${node["Relation Name"]} (${node["Actual Rows"] ?? "?"} rows)`);
  }
  for (const child of node.Plans ?? []) scansOf(child, into);
  return into;
}

async function seed(db: Awaited<ReturnType<typeof openPglite>>["db"], facultyIds: number[]) {
  const { methodology } = buildProjectInput();
  const s = EXPLAIN_SIZES;
  for (const id of facultyIds) {
    await db.execute(sql`
      insert into project (faculty_id, title, discipline, status, methodology, contribution_token, join_code, created_at, updated_at)
      select ${id}, 'Project ' || g, (array['biology','history','physics','economics'])[1 + g % 4],
             (array['active','completed','archived'])[1 + g % 3], ${JSON.stringify(methodology)}::jsonb,
             md5(${id}::text || '-' || g::text || random()::text),
             -- A unique 8-character join code per project (not drawn from the product's alphabet).
             upper(lpad(to_hex(${id}::int * 1000000 + g), 8, '0')), now() - g * interval '1 hour',
             now() - g * interval '1 hour'
      from generate_series(1, ${s.projectsEach}) g`);
    await db.execute(sql`
      insert into contribution (project_id, project_owner_id, student_name, student_email, contribution_type, content, status, created_at)
      select p.id, p.faculty_id, 'Student ' || g, case when g % 3 = 0 then null else 's' || g || '@students.test' end,
             (array['suggestion','reflection','feedback','question'])[1 + g % 4],
             'A contribution about sampling number ' || g, (array['pending','approved','implemented','rejected'])[1 + g % 4],
             p.created_at + g * interval '1 minute'
      from project p, generate_series(1, ${s.contributionsPerProject}) g where p.faculty_id = ${id}`);
    await db.execute(sql`
      insert into objective_conversion (faculty_id, discipline, original_objective, converted_framework, source, feedback_rating, created_at)
      select ${id}, 'biology', 'Explain osmosis, case ' || g, 'Pivot: diffusion. Launch: case ' || g, 'template',
             case when g % 2 = 0 then 1 + g % 5 end, now() - g * interval '1 minute'
      from generate_series(1, ${s.conversionsEach}) g`);
    await db.execute(sql`
      insert into analytics_event (faculty_id, event_type, event_data, created_at)
      select ${id}, (array['project_created','project_updated','objective_converted','template_used','collaboration_added'])[1 + g % 5],
             '{}'::jsonb, now() - g * interval '5 minutes'
      from generate_series(1, ${s.eventsEach}) g`);
  }
  for (const id of facultyIds) {
    await db.execute(sql`
      insert into upload (id, faculty_id, object_key, original_name, size, mime_type, expires_at, started_at, completed_at)
      select gen_random_uuid(), ${id}, 'uploads/' || gen_random_uuid(), 'walk-' || d || '.pdf', 1000, 'application/pdf', now(), now(), now()
      from generate_series(1, ${s.documentsEach}) d`);
    await db.execute(sql`
      insert into document (faculty_id, upload_id, file_name, original_name, file_size, mime_type, file_url, object_key, include_in_vector_db, status)
      select u.faculty_id, u.id, u.original_name, u.original_name, 1000, 'application/pdf', '/objects/' || u.object_key, u.object_key, true, 'ready'
      from upload u where u.faculty_id = ${id}`);
    await db.execute(sql`
      insert into passage (faculty_id, document_id, passage_index, content, char_offset, page_start, page_end)
      select d.faculty_id, d.id, g, 'Passage ' || g || ' on ' || (array['osmosis','diffusion','sampling','inflation'])[1 + g % 4]
             || ' and enzyme kinetics in case ' || (g * d.id) % 997, g * 1000, g / 3 + 1, g / 3 + 1
      from document d, generate_series(0, ${s.passagesPerDocument - 1}) g where d.faculty_id = ${id}`);
    await db.execute(sql`
      insert into pivot_card (faculty_id, title, discipline, definition, constraints, minimal_example, counter_example, misconceptions)
      select ${id}, 'Concept ' || g, (array['economics','chemistry','biology','history'])[1 + g % 4],
             'Definition of concept ' || g, 'Not specified', 'Not provided', 'Not provided', '[]'::jsonb
      from generate_series(1, ${s.pivotCardsEach}) g`);
    // A quarter due, the rest ahead; each reviewed once (the review log the figures read).
    await db.execute(sql`
      insert into retrieval_item (faculty_id, pivot_card_id, type, question, answer, due, stability, difficulty,
        elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review)
      select ${id}, c.id, 'flashcard', 'Question ' || g, 'Answer ' || g,
             case when g % 4 = 0 then now() - (g % 1440) * interval '1 minute' else now() + (1 + g % 60) * interval '1 day' end,
             5 + g % 20, 3 + g % 6, 5, 5 + g % 20, 0, 3, 0, 2, now() - (1 + g % 30) * interval '1 day'
      from generate_series(1, ${s.retrievalItemsEach}) g
      join (select id, row_number() over (order by id) as n from pivot_card where faculty_id = ${id}) c
        on c.n = 1 + g % ${s.pivotCardsEach}`);
    await db.execute(sql`
      insert into retrieval_review (faculty_id, item_id, rating, reviewed_at, due_at, previous_state, previous)
      select i.faculty_id, i.id, 3, i.last_review, i.last_review, 0, '{}'::jsonb
      from retrieval_item i where i.faculty_id = ${id}`);
  }
  // The seeded library, copied: approved, with the generated search vector.
  await seedTemplateLibrary(db);
  await db.execute(sql`
    insert into template (name, description, discipline, category, difficulty_level, status, is_featured,
      estimated_duration, color, icon, content, learning_outcomes, implementation_tips, search_text)
    select t.name || ' ' || g, t.description, t.discipline, t.category, t.difficulty_level, 'approved', false,
      t.estimated_duration, t.color, t.icon, t.content, t.learning_outcomes, t.implementation_tips, t.search_text
    from template t, generate_series(1, ${s.templateCopies}) g where t.status = 'approved'`);
}

/** The calls of one instructor (and of an administrator), as the screens make them. */
async function walk(
  app: FastifyInstance,
  during: ReturnType<typeof recordStatements>["during"],
  ids: {
    instructor: { id: number; headers: Record<string, string> };
    admin: { headers: Record<string, string> };
  },
) {
  const { instructor, admin } = ids;
  const call = async (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    who = instructor.headers,
    payload?: object,
  ) => {
    const name = `${method} ${url.replace(/\/\d+(?=\/|$|\?)/g, "/:id").replace(/\?.*$/, "")}`;
    const reply = await during(name, () =>
      app.inject({ method, url, headers: who, ...(payload ? { payload } : {}) }),
    );
    if (reply.statusCode >= 400)
      throw new Error(`${method} ${url}: ${reply.statusCode} ${reply.body.slice(0, 200)}`);
    return (reply.headers["content-type"]?.toString().includes("json") ? reply.json() : reply.body) as never;
  };
  const me = instructor.id;
  const projects: Array<{ id: number; contributionToken: string }> = await call(
    "GET",
    `/api/projects/faculty/${me}?limit=20`,
  );
  await call("GET", `/api/projects/faculty/${me}?limit=20&offset=400&sort=updated`);
  await call("GET", `/api/projects/faculty/${me}?limit=20&sort=title&status=active&q=project%2012`);
  const [project] = projects;
  if (!project) throw new Error("no project seeded");
  await call("GET", `/api/projects/${project.id}`);
  await call("GET", `/api/contributions/project/${project.id}?limit=20`);
  await call("GET", `/api/contributions?limit=20`);
  await call("GET", `/api/contributions?limit=20&offset=200&status=pending&type=question`);
  await call("GET", `/api/contributions?limit=20&projectId=${project.id}&q=student%207`);
  await call("GET", `/api/contributions/summary`);
  await call("GET", `/api/contributions/summary?projectId=${project.id}`);
  await call("GET", `/api/dashboard/stats/${me}`);
  await call("GET", `/api/dashboard/recent-contributions`);
  await call("GET", `/api/analytics/faculty/${me}?eventType=project_created`);
  await call("GET", `/api/analytics/presentation`);
  await call("GET", `/api/objective-conversions/faculty/${me}?limit=10`);
  await call("GET", `/api/objective-conversions/faculty/${me}?limit=10&q=case%20123`);
  await call("GET", `/api/objective-conversions/faculty/${me}/stats`);
  await call("GET", "/api/templates/search?q=climate");
  await call("GET", "/api/templates/search?q=climat%20poltics");
  await call("GET", "/api/templates/search?featuredOnly=true&limit=2");
  await call("GET", "/api/integrations");
  await call("GET", `/api/documents/faculty/${me}?limit=20`);
  await call("POST", "/api/search/documents", instructor.headers, { query: "enzyme osmosis", limit: 10 });
  await call("GET", "/api/pivot-cards");
  await call("GET", "/api/retrieval-items");
  const due: { items: Array<{ id: number }> } = await call("GET", "/api/retrieval-items/due?tz=Europe/Paris");
  await call("GET", "/api/pivot-assets/stats?tz=Europe/Paris");
  const [dueItem] = due.items;
  if (!dueItem) throw new Error("no retrieval item due");
  await call("POST", `/api/retrieval-items/${dueItem.id}/reviews`, instructor.headers, { rating: 3 });
  await call("DELETE", `/api/retrieval-items/${dueItem.id}/reviews/last`);
  await call("GET", "/api/auth/me");
  await call("GET", "/api/admin/users?status=approved", admin.headers);
  // Writes a person makes every day.
  const created: { id: number } = await call("POST", "/api/projects", instructor.headers, {
    ...buildProjectInput(),
    facultyId: me,
  });
  await call("PUT", `/api/projects/${created.id}`, instructor.headers, { status: "completed" });
  const sent: { id: number } = await call(
    "POST",
    `/api/public/contributions/${project.contributionToken}`,
    {},
    {
      studentName: "Walk Student",
      contributionType: "question",
      content: "Does the walk reach every query?",
    },
  );
  await call("PUT", `/api/contributions/${sent.id}/status`, instructor.headers, { status: "approved" });
  await call("DELETE", `/api/projects/${created.id}`);
}

export async function explainPass(log: (line: string) => void = console.log): Promise<ExplainRow[]> {
  const recorder = recordStatements();
  const database = await openPglite();
  try {
    const config = {
      ...loadConfig({ DATA_DIR: "/tmp/pl-explain-unused", LOG_LEVEL: "silent" }),
      clientDir: "/nonexistent-client-build",
      appSecret: "explain-pass-secret-0123456789-0123456789-0123456789",
    };
    config.rateLimit = { ...config.rateLimit, perAddressPerMinute: 100_000, contributionsPerMinute: 100_000 };
    const app = await buildApp({ database, config, logger: false });
    await app.ready();
    const admin = await signedInFaculty(app, database.db, { role: "admin" });
    const people = [];
    for (let n = 0; n < EXPLAIN_SIZES.instructors; n += 1)
      people.push(await signedInFaculty(app, database.db));
    log("explain: seeding");
    await seed(
      database.db,
      people.map((person) => person.faculty.id),
    );
    await database.vacuumAnalyze();
    const [instructor] = people;
    if (!instructor) throw new Error("no instructor");
    log("explain: walking the routes");
    await walk(app, recorder.during, {
      instructor: { id: instructor.faculty.id, headers: instructor.headers },
      admin: { headers: admin.headers },
    });
    recorder.restore();
    const rows: ExplainRow[] = [];
    for (const entry of recorder.seen.values()) {
      if (/^\s*insert\b/i.test(entry.text)) continue; // one row in, by definition
      let plan: { Plan: PlanNode; "Execution Time": number } | undefined;
      // In a transaction rolled back (drizzle's rollback throws): an explained UPDATE or DELETE
      // changes nothing.
      await database.db
        .transaction(async (tx) => {
          const result = (await tx.execute(
            sql.raw(`explain (analyze, format json) ${inline(entry.text, entry.params)}`),
          )) as unknown as {
            rows: Array<{ "QUERY PLAN": Array<{ Plan: PlanNode; "Execution Time": number }> }>;
          };
          plan = result.rows[0]?.["QUERY PLAN"][0];
          tx.rollback();
        })
        .catch((error: Error) => {
          if (!plan) throw new Error(`EXPLAIN of ${entry.text} failed: ${error.cause ?? error.message}`);
        });
      if (!plan) throw new Error(`no plan for ${entry.text}`);
      const scans = scansOf(plan.Plan);
      const seqScan = scans.find(
        (scan) => scan.startsWith("Seq Scan") && LARGE_TABLES.some((t) => scan.includes(` on ${t} `)),
      );
      const ms = plan["Execution Time"];
      const statement = entry.text.replace(/\s+/g, " ").trim();
      const intended = seqScan
        ? INTENDED_FULL_READS.find((read) => read.statement.test(statement))
        : undefined;
      rows.push({
        statement: statement.slice(0, 160),
        routes: [...entry.routes],
        ms,
        scans,
        ...(seqScan && !intended ? { problem: `reads every row: ${seqScan}` } : {}),
        ...(intended ? { intended: intended.reason } : {}),
      });
    }
    await app.close();
    return rows.sort((a, b) => b.ms - a.ms);
  } finally {
    recorder.restore();
    await database.close();
  }
}

/** The statement with its parameters written in, for EXPLAIN (which takes no bind parameters here). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (value instanceof Uint8Array) return `'\\x${Buffer.from(value).toString("hex")}'::bytea`;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await explainPass();
  for (const row of rows) {
    console.log(`${row.problem ? "PROBLEM " : ""}${row.ms.toFixed(2)} ms  ${row.routes.join(", ")}`);
    console.log(`    ${row.statement}`);
    if (row.intended) console.log(`      reads every row on purpose: ${row.intended}`);
    for (const scan of row.scans) console.log(`      ${scan}`);
  }
  const problems = rows.filter((row) => row.problem);
  console.log(`${rows.length} statements, ${problems.length} problems`);
  process.exitCode = problems.length ? 1 : 0;
}
