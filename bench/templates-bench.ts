// Templates rows of `npm run bench`: with 10,000 templates in an embedded (PGlite) database, the
// p95 latency of GET /api/templates/search?q=... over 200 varied queries (target < 30 ms), and the
// time to export 100 selected templates as DOCX (target < 2 s), and Generate Presentation for a
// person with 20 projects (target < 2 s). In process, through app.inject:
// the route, validation, the SQL and the serialisation are measured; the network is not.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "../src/server/db/pglite.ts";
import { searchTextOf } from "../src/server/modules/templates/templates.service.ts";
import { type NewTemplateRow, templateTable } from "../src/server/modules/templates/templates.table.ts";
import { DIFFICULTY_LEVELS, TEMPLATE_CATEGORIES, TEMPLATE_DISCIPLINES } from "../src/shared/constants.ts";
import { templateSearchQuerySchema } from "../src/shared/schemas/templates.ts";
import { inProcessApp } from "./in-process.ts";

const TEMPLATE_COUNT = 10_000;
const QUERY_COUNT = 200;
const EXPORT_COUNT = 100;
const PRESENTATION_PROJECTS = 20;

const ADJECTIVES = [
  "Adaptive",
  "Applied",
  "Civic",
  "Collaborative",
  "Comparative",
  "Critical",
  "Digital",
  "Ethical",
  "Experimental",
  "Global",
  "Hands-on",
  "Inclusive",
  "Interactive",
  "Open",
  "Participatory",
  "Quantitative",
  "Regional",
  "Responsive",
  "Sustainable",
  "Visual",
];
const TOPICS = [
  "Blockchain",
  "Supply Chain",
  "Climate",
  "Microfinance",
  "Protein Folding",
  "Titration",
  "Genome",
  "Poetry",
  "Archive",
  "Ethics",
  "Mural",
  "Probability",
  "Market Entry",
  "Smart Contract",
  "Credit Scoring",
  "Enzyme Kinetics",
  "Water Quality",
  "Oral History",
  "Game Theory",
  "Urban Design",
  "Fraud Detection",
  "Machine Learning",
  "Photosynthesis",
  "Renaissance",
  "Epistemology",
];
const KINDS = [
  "Studio",
  "Lab",
  "Challenge",
  "Case Study",
  "Hackathon",
  "Field Project",
  "Simulation",
  "Workshop",
  "Portfolio",
  "Clinic",
];
const VERBS = [
  "model",
  "audit",
  "prototype",
  "interview",
  "measure",
  "visualise",
  "critique",
  "simulate",
  "translate",
  "forecast",
];

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

export function generatedTemplate(index: number): NewTemplateRow {
  const name = `${pick(ADJECTIVES, index)} ${pick(TOPICS, index * 7 + 3)} ${pick(KINDS, index * 3 + 1)} ${index}`;
  const phases = Array.from(
    { length: 4 + (index % 5) },
    (_, phase) =>
      `Phase ${phase + 1}: ${pick(VERBS, index + phase)} the ${pick(TOPICS, index + phase * 5).toLowerCase()} evidence with peers`,
  );
  const input = {
    template: { phases, deliverables: ["Report", "Presentation"], tools: ["Notebook", "Shared drive"] },
    learningOutcomes: [`Explain ${pick(TOPICS, index + 2).toLowerCase()} fundamentals`],
  };
  return {
    name,
    description: `Students ${pick(VERBS, index)} ${pick(TOPICS, index + 11).toLowerCase()} problems after mastering the core concepts.`,
    discipline: pick(TEMPLATE_DISCIPLINES, index),
    category: pick(TEMPLATE_CATEGORIES, index * 5),
    difficultyLevel: pick(DIFFICULTY_LEVELS, index),
    status: index % 10 === 0 ? "pending" : "approved",
    isFeatured: index % 50 === 0,
    estimatedDuration: `${4 + (index % 9)} weeks`,
    color: "#4f46e5",
    icon: "project-diagram",
    content: input.template,
    learningOutcomes: input.learningOutcomes,
    implementationTips: ["Quiz the pivot concepts weekly"],
    searchText: searchTextOf(input),
  };
}

/** 200 queries: topic words, two-word phrases, names with a typo, discipline words, phase verbs. */
function queries(): string[] {
  const list: string[] = [];
  for (let i = 0; list.length < QUERY_COUNT; i += 1) {
    const topic = pick(TOPICS, i);
    switch (i % 5) {
      case 0:
        list.push(topic);
        break;
      case 1:
        list.push(`${pick(ADJECTIVES, i)} ${pick(KINDS, i)}`);
        break;
      case 2: // a typo: one letter dropped
        list.push(topic.length > 5 ? topic.slice(0, 3) + topic.slice(4) : topic);
        break;
      case 3:
        list.push(pick(TEMPLATE_DISCIPLINES, i).replace("-", " "));
        break;
      default:
        list.push(`${pick(VERBS, i)} ${topic.toLowerCase()}`);
    }
  }
  return list;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export interface BenchRow {
  metric: string;
  value: string;
  target: string;
  pass: boolean;
}

export async function benchTemplates(
  log: (message: string) => void,
): Promise<{ rows: BenchRow[]; notes: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-bench-templates-"));
  const database = await openPglite(path.join(dataDir, "pg"));
  try {
    log(`templates: inserting ${TEMPLATE_COUNT.toLocaleString("en")} templates`);
    for (let start = 0; start < TEMPLATE_COUNT; start += 500) {
      const batch = Array.from({ length: Math.min(500, TEMPLATE_COUNT - start) }, (_, i) =>
        generatedTemplate(start + i),
      );
      await database.db.insert(templateTable).values(batch);
    }
    await database.vacuumAnalyze();

    const { app, headers } = await inProcessApp(database, dataDir, "bench@bench.test");

    const list = queries();
    for (const q of list.slice(0, 20))
      await app.inject({ method: "GET", url: `/api/templates/search?q=${encodeURIComponent(q)}`, headers });
    const timings: number[] = [];
    let matched = 0;
    for (const q of list) {
      const started = performance.now();
      const reply = await app.inject({
        method: "GET",
        url: `/api/templates/search?q=${encodeURIComponent(q)}`,
        headers,
      });
      timings.push(performance.now() - started);
      if (reply.statusCode !== 200)
        throw new Error(`search "${q}" answered ${reply.statusCode}: ${reply.body}`);
      matched += (reply.json() as unknown[]).length;
    }
    timings.sort((a, b) => a - b);
    const p95 = percentile(timings, 95);

    const page = await app.inject({
      method: "GET",
      url: `/api/templates/search?limit=${EXPORT_COUNT}`,
      headers,
    });
    const ids = (page.json() as Array<{ id: number }>).map((template) => template.id);
    const exportStarted = performance.now();
    const exported = await app.inject({
      method: "POST",
      url: "/api/templates/export",
      headers,
      payload: { templateIds: ids, format: "docx" },
    });
    const exportMs = performance.now() - exportStarted;
    if (exported.statusCode !== 200)
      throw new Error(`DOCX export answered ${exported.statusCode}: ${exported.body}`);

    // Generate Presentation for someone with PRESENTATION_PROJECTS projects (the slide limit).
    for (let index = 0; index < PRESENTATION_PROJECTS; index += 1) {
      const created = await app.inject({
        method: "POST",
        url: "/api/projects",
        headers,
        payload: {
          title: `Bench Project ${index + 1}`,
          discipline: "biology",
          methodology: {
            discipline: "biology",
            pivotConcepts: "Food webs\nSampling design\nStatistical power",
            launchApplications: "Harbour survey with the port authority\nPublic report",
          },
        },
      });
      if (created.statusCode !== 201)
        throw new Error(`project answered ${created.statusCode}: ${created.body}`);
    }
    const presentationTimes: number[] = [];
    let presentationBytes = 0;
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      const file = await app.inject({ method: "GET", url: "/api/analytics/presentation", headers });
      presentationTimes.push(performance.now() - started);
      if (file.statusCode !== 200) throw new Error(`presentation answered ${file.statusCode}`);
      presentationBytes = file.rawPayload.length;
    }
    presentationTimes.sort((a, b) => a - b);
    const presentationMs = percentile(presentationTimes, 50);
    await app.close();

    return {
      rows: [
        {
          metric: `GET /api/templates/search?q=… p95, ${QUERY_COUNT} queries, ${TEMPLATE_COUNT.toLocaleString("en")} templates (PGlite)`,
          value: `${p95.toFixed(1)} ms`,
          target: "< 30 ms",
          pass: p95 < 30,
        },
        {
          metric: `export ${ids.length} templates as DOCX`,
          value: `${(exportMs / 1000).toFixed(2)} s`,
          target: "< 2 s",
          pass: exportMs < 2000 && ids.length === EXPORT_COUNT,
        },
        {
          metric: `Generate Presentation (.pptx), ${PRESENTATION_PROJECTS} projects, median of 5`,
          value: `${(presentationMs / 1000).toFixed(2)} s (${(presentationBytes / 1024).toFixed(0)} KB)`,
          target: "< 2 s",
          pass: presentationMs < 2000,
        },
      ],
      notes: [
        `template search: median ${percentile(timings, 50).toFixed(1)} ms, max ${(timings.at(-1) ?? 0).toFixed(1)} ms, ${(matched / list.length).toFixed(0)} results per query on average (default limit ${templateSearchQuerySchema.shape.limit.parse(undefined)}); DOCX of ${ids.length} templates: ${(exported.rawPayload.length / 1024).toFixed(0)} KB`,
      ],
    };
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
