// Knowledge base rows of `npm run bench`: 100,000 passages (20 people × 50 entries ×
// 100 passages, 5,000 per person) on PGlite, generated with document search's helpers
// (bench/document-search.ts), each passage with its own 1,536-dimension embedding. Timed through
// the knowledge service's own search (knowledge-base.service.ts), p50 and p95: full-text alone,
// then hybrid (the query's vector given in process). Recall@10 of the hybrid's vector stage (the
// sign-bit shortlist, then the exact distance) against an exact brute-force cosine ranking of the
// person's passages. Time to the first streamed token of an answer from the local OpenAI-compatible
// stub, retrieval included (the question embedded by the stub too). Runs alone:
// `npx tsx bench/knowledge-search.ts`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pino from "pino";
import type { DatabaseHandle } from "../src/server/db/client.ts";
import { selectRows } from "../src/server/db/client.ts";
import { openPglite } from "../src/server/db/pglite.ts";
import type { Caller } from "../src/server/lib/access.ts";
import type { KnowledgeIndexing } from "../src/server/modules/knowledge-base/knowledge-base.indexing.ts";
import { createKnowledgeRepository } from "../src/server/modules/knowledge-base/knowledge-base.repository.ts";
import { createKnowledgeService } from "../src/server/modules/knowledge-base/knowledge-base.service.ts";
import type { ApiKeyStore } from "../src/server/modules/settings/api-keys.ts";
import type { UploadsService } from "../src/server/modules/uploads/uploads.service.ts";
import { createAiProvider } from "../src/server/platform/ai/ai-provider.ts";
import { createEmbedder, type Embedder } from "../src/server/platform/ai/embeddings.ts";
import { createPassageIndex } from "../src/server/platform/passages/passage-index.ts";
import { vectorLiteral } from "../src/server/platform/passages/passage-scope.ts";
import { STUB_EMBEDDING_MODEL, STUB_MODEL, startOpenAiStub } from "../src/server/test/openai-stub.ts";
import {
  BASE_VECTORS,
  generatePassages,
  generatePeople,
  PASSAGES_EACH,
  PEOPLE,
  percentile,
  QUERIES,
  queries,
  word,
} from "./document-search.ts";
import type { BenchRow } from "./templates-bench.ts";

const ENTRIES_EACH = 50;
const RECALL_QUERIES = 100;
const ASKS = 30;

const callerOf = (id: number) =>
  ({
    id,
    email: `bench${id}@bench.test`,
    role: "instructor",
    faculty: { id, institution: "Bench" },
  }) as unknown as Caller;

/** The people, their entries (titles and tags of vocabulary words) and 100 passages per entry. */
async function generate(database: DatabaseHandle) {
  const { db } = database;
  await generatePeople(database);
  const titles = Array.from(
    { length: ENTRIES_EACH },
    (_, index) => `${word(index * 13)} ${word(index * 29 + 7)}`,
  );
  await db.execute(sql`
    insert into knowledge_entry (faculty_id, title, content, file_type, tags, tags_text, is_private, status)
    select f.id, t.title, 'Bench entry ' || t.n, 'text', array[split_part(t.title, ' ', 1)], split_part(t.title, ' ', 1), true, 'ready'
    from faculty f, unnest(${`{${titles.map((title) => `"${title}"`).join(",")}}`}::text[]) with ordinality as t(title, n)
    where f.email like '%@bench.test'`);
  const entries = await selectRows<{ id: number; faculty_id: number }>(
    db,
    sql`select id, faculty_id from knowledge_entry order by id`,
  );
  await db.execute(sql`update knowledge_entry set passage_count = ${PASSAGES_EACH / ENTRIES_EACH}`);
  return generatePassages(database, entries, "knowledge_entry_id", PASSAGES_EACH / ENTRIES_EACH, true, true);
}

function serviceFor(
  database: DatabaseHandle,
  embedder: Embedder,
  provider = createAiProvider({ baseUrl: undefined, model: "x", timeoutMs: 1 }),
) {
  return createKnowledgeService({
    knowledge: createKnowledgeRepository(database.db),
    uploads: {} as UploadsService,
    indexing: {} as KnowledgeIndexing,
    passages: createPassageIndex(database.db),
    keys: {
      resolveFor: async () => ({ apiKey: "sk-stub-bench", source: "environment" }),
    } as unknown as ApiKeyStore,
    embedder,
    provider,
    now: () => new Date(),
    log: pino({ level: "silent" }),
  });
}

/** A query vector: base vector `a` plus the product of two others, as the passages' (bench_vectors). */
async function queryVector(database: DatabaseHandle, seed: number): Promise<number[]> {
  const [row] = await selectRows<{ v: string }>(
    database.db,
    sql`select (a.embedding + b.embedding * c.embedding)::text as v
        from bench_vectors a, bench_vectors b, bench_vectors c
        where a.n = ${1 + (seed % BASE_VECTORS)} and b.n = ${1 + ((seed * 7) % BASE_VECTORS)} and c.n = ${1 + ((seed * 13) % BASE_VECTORS)}`,
  );
  return JSON.parse(row?.v ?? "[]") as number[];
}

async function timeSearches(database: DatabaseHandle, mode: "full-text" | "hybrid", people: number[]) {
  const vector = await queryVector(database, 5);
  const embedder = {
    model: "bench",
    embed: async () => [vector],
  } as unknown as Embedder;
  // Full-text alone: no key, so no query vector.
  const search = mode === "full-text" ? serviceWithout(database, embedder) : serviceFor(database, embedder);
  const texts = queries();
  const times: number[] = [];
  let hits = 0;
  for (let index = 0; index < QUERIES + 10; index += 1) {
    const caller = callerOf(people[index % people.length] as number);
    const started = performance.now();
    const found = await search.search(caller, {
      query: texts[index % texts.length] as string,
      scope: "own",
      limit: 10,
    });
    const elapsed = performance.now() - started;
    if (index >= 10) times.push(elapsed);
    hits += found.hits.length;
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), hits };
}

/** The service with no key: full-text only. */
function serviceWithout(database: DatabaseHandle, embedder: Embedder) {
  return createKnowledgeService({
    knowledge: createKnowledgeRepository(database.db),
    uploads: {} as UploadsService,
    indexing: {} as KnowledgeIndexing,
    passages: createPassageIndex(database.db),
    keys: { resolveFor: async () => null } as unknown as ApiKeyStore,
    embedder,
    provider: createAiProvider({ baseUrl: undefined, model: "x", timeoutMs: 1 }),
    now: () => new Date(),
    log: pino({ level: "silent" }),
  });
}

/** Recall@10 of the vector stage of hybrid search against the exact cosine ranking. */
async function recall(database: DatabaseHandle, people: number[]) {
  const passages = createPassageIndex(database.db);
  let found = 0;
  for (let index = 0; index < RECALL_QUERIES; index += 1) {
    const person = people[index % people.length] as number;
    const vector = await queryVector(database, index * 31 + 3);
    const exact = await selectRows<{ id: number }>(
      database.db,
      sql`select passage_id as id from passage_embedding
          where faculty_id = ${person} and knowledge_entry_id is not null
          order by embedding <=> ${vectorLiteral(vector)}::vector, passage_id limit 10`,
    );
    // The hybrid search asks for 200 candidates (CANDIDATES); its first ten are compared.
    const approximate = (await passages.nearest({ kind: "knowledge", owners: [person] }, vector, 200)).slice(
      0,
      10,
    );
    const wanted = new Set(exact.map((row) => Number(row.id)));
    found += approximate.filter((passage) => wanted.has(passage.id)).length;
  }
  return found / (RECALL_QUERIES * 10);
}

/** Time from the ask call to its first streamed token from the local stub, retrieval included. */
async function timeAsks(database: DatabaseHandle, people: number[]) {
  const stub = await startOpenAiStub();
  try {
    const embedder = createEmbedder({
      baseUrl: stub.baseUrl,
      model: STUB_EMBEDDING_MODEL,
      timeoutMs: 10_000,
    });
    const provider = createAiProvider({ baseUrl: stub.baseUrl, model: STUB_MODEL, timeoutMs: 10_000 });
    const service = serviceFor(database, embedder, provider);
    const questions = queries().map((text) => `What do my notes say about ${text}?`);
    const times: number[] = [];
    for (let index = 0; index < ASKS + 3; index += 1) {
      const caller = callerOf(people[index % people.length] as number);
      const started = performance.now();
      let first: number | undefined;
      for await (const event of service.ask(
        caller,
        { question: questions[index % questions.length] as string, scope: "own" },
        new AbortController().signal,
      )) {
        if (event.type === "delta" && first === undefined) first = performance.now() - started;
      }
      if (first === undefined) throw new Error("the ask streamed no answer");
      if (index >= 3) times.push(first);
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  } finally {
    await stub.close();
  }
}

export async function benchKnowledgeSearch(
  log: (message: string) => void,
): Promise<{ rows: BenchRow[]; notes: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-bench-knowledge-"));
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  try {
    const database = await openPglite(path.join(dataDir, "pg"));
    try {
      log(`knowledge search: generating ${PEOPLE * PASSAGES_EACH} passages with their own vectors on PGlite`);
      const started = performance.now();
      const { passages } = await generate(database);
      const seconds = (performance.now() - started) / 1000;
      log(`knowledge search: ${passages} passages in ${seconds.toFixed(0)} s`);
      const people = (
        await selectRows<{ id: number }>(
          database.db,
          sql`select id from faculty where email like '%@bench.test' order by id`,
        )
      ).map((row) => Number(row.id));
      const fullText = await timeSearches(database, "full-text", people);
      log(`knowledge search: full-text p50 ${ms(fullText.p50)}, p95 ${ms(fullText.p95)}`);
      const hybrid = await timeSearches(database, "hybrid", people);
      log(`knowledge search: hybrid p50 ${ms(hybrid.p50)}, p95 ${ms(hybrid.p95)}`);
      const recalled = await recall(database, people);
      log(`knowledge search: recall@10 ${recalled.toFixed(3)}`);
      const asks = await timeAsks(database, people);
      log(`knowledge ask: first token p50 ${ms(asks.p50)}, p95 ${ms(asks.p95)}`);
      rows.push(
        {
          metric: `knowledge search p95, full-text, ${passages.toLocaleString("en")} passages (${PEOPLE} people × ${PASSAGES_EACH.toLocaleString("en")}), PGlite`,
          value: `${ms(fullText.p95)} (p50 ${ms(fullText.p50)})`,
          target: "< 50 ms",
          pass: fullText.p95 < 50,
        },
        {
          metric: "knowledge search p95, hybrid (full-text + 1,536-dim vectors, RRF), same passages, PGlite",
          value: `${ms(hybrid.p95)} (p50 ${ms(hybrid.p50)})`,
          target: "< 100 ms",
          pass: hybrid.p95 < 100,
        },
        {
          metric: `knowledge search recall@10 of the hybrid's vector stage vs exact cosine ranking (${RECALL_QUERIES} queries)`,
          value: recalled.toFixed(3),
          target: ">= 0.95",
          pass: recalled >= 0.95,
        },
        {
          metric: "knowledge ask: first streamed token from the local stub, retrieval included, p95",
          value: `${ms(asks.p95)} (p50 ${ms(asks.p50)})`,
          target: "< 300 ms",
          pass: asks.p95 < 300,
        },
      );
      notes.push(
        `knowledge search: data generated in ${seconds.toFixed(0)} s; ${QUERIES} queries each, ${fullText.hits} / ${hybrid.hits} entries answered; every passage has its own vector (a base vector plus the product of two others)`,
      );
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { rows, notes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rows, notes } = await benchKnowledgeSearch((message) => console.log(message));
  for (const row of rows)
    console.log(`${row.metric}: ${row.value} (target ${row.target}${row.pass ? "" : ", MISSED"})`);
  for (const note of notes) console.log(note);
}
