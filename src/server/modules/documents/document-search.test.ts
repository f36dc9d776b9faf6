import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SnippetPart } from "#shared/domain/snippets.ts";
import { selectRows } from "../../db/client.ts";
import { createPassageIndex } from "../../platform/passages/passage-index.ts";
import { bearer, createDocumentViaApi, signedInFaculty } from "../../test/factories.ts";
import { type OpenAiStub, startOpenAiStub, stubOpenAiConfig } from "../../test/openai-stub.ts";
import { createTestApp, createTestClock, type TestApp } from "../../test/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../test/test-database.ts";
import { makeDocx, makeDocxZipBomb, makePdf, prose } from "../../test/text-fixtures.ts";
import { UPLOAD_SWEEP_QUEUE } from "../uploads/uploads.module.ts";

// The document job, the passage index and document search, through the
// real upload flow, real files, the job queue, and the OpenAI-compatible stub's embeddings.

const jobs = { concurrency: 1, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, stopGraceMs: 200 };
type Headers = Record<string, string>;

let database: TestDatabase;
let stub: OpenAiStub;
let storageDir: string;
/** Whether this database holds embeddings (PGlite: yes; a PostgreSQL server without pgvector: no). */
let vectors: boolean;

const appWith = (apiKey: string, clock = createTestClock()) =>
  createTestApp({
    database,
    clock,
    config: {
      jobs,
      openai: stubOpenAiConfig(stub.baseUrl, { apiKey, timeoutMs: 10_000 }),
      storage: { kind: "disk", dir: storageDir },
    },
  });

async function waitForStatus(t: TestApp, headers: Headers, id: number, wanted: string[], timeoutMs = 40_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.app.inject({ method: "GET", url: `/api/documents/${id}`, headers });
    const document = response.json();
    if (wanted.includes(document.vectorStatus)) return document;
    if (Date.now() > until) throw new Error(`document ${id} stayed ${document.vectorStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const search = (t: TestApp, headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/search/documents", headers, payload });

beforeAll(async () => {
  database = await createTestDatabase();
  stub = await startOpenAiStub();
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-doc-search-"));
  vectors = await createPassageIndex(database.db).hasVectors();
  // PGlite always has pgvector; a PostgreSQL server has it only where installed.
  if (database.kind === "pglite") expect(vectors).toBe(true);
});

afterAll(async () => {
  await stub?.close();
  await database?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

describe("document indexing and search", () => {
  let t: TestApp;
  let me: { headers: Headers; faculty: { id: number } };
  let other: { headers: Headers };
  beforeAll(async () => {
    t = await appWith("sk-stub-ok");
    me = await signedInFaculty(t.app, t.database.db);
    other = await signedInFaculty(t.app, t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it("a document uploaded with includeInVectorDb becomes ready and searchable, with marked, escaped snippets", async () => {
    const docx = await makeDocx([
      'The lab notebook quoted a tag: <script>alert("owned")</script> & the photosynthesis chapter.',
      ...prose("chlorophyll pigments", 3),
    ]);
    const created = await createDocumentViaApi(t.app, me.headers, "notebook.docx", docx, {
      includeInVectorDb: true,
    });
    expect(created.vectorStatus).toBe("pending");
    const ready = await waitForStatus(t, me.headers, created.id, ["ready", "failed"]);
    expect(ready).toMatchObject({ vectorStatus: "ready", statusReason: null });

    const found = await search(t, me.headers, { query: "alert owned photosynthesis" });
    expect(found.statusCode).toBe(200);
    const [hit] = found.json().documents;
    expect(hit).toMatchObject({
      id: created.id,
      fileName: "notebook.docx",
      vectorStatus: "ready",
      page: null,
    });
    expect(hit.snippet).toContainEqual({ text: "alert", marked: true });
    expect(hit.snippet).toContainEqual({ text: "photosynthesis", marked: true });
    // The markup is the document's text and comes back as text, unescaped: parts are never HTML.
    const snippetText = hit.snippet.map((part: SnippetPart) => part.text).join("");
    expect(snippetText).toContain('<script>alert("owned")</script> & the');
    for (const part of hit.snippet) expect(Object.keys(part).sort()).toEqual(["marked", "text"]);

    // Someone else finds nothing of it; a blank query finds nothing at all.
    expect((await search(t, other.headers, { query: "photosynthesis" })).json()).toEqual({ documents: [] });
    expect((await search(t, me.headers, { query: "   " })).json()).toEqual({ documents: [] });

    const { passages, embedded } = await createPassageIndex(t.database.db).count("document", created.id);
    expect(passages).toBeGreaterThan(0);
    expect(embedded).toBe(vectors ? passages : 0);
  }, 60_000);

  it("ranks real PDF and DOCX files by their words, and gives the PDF's page", async () => {
    const pdf = await makePdf([
      prose("medieval trade routes", 6),
      [
        ...prose("glacier erosion", 8),
        "Glacier erosion carves valleys: moraines, cirques and fjords show how glacier ice moves rock.",
      ],
    ]);
    const docx = await makeDocx([
      ...prose("volcanic eruptions", 4),
      "Magma chambers feed volcanic eruptions; basalt flows and ash clouds follow.",
    ]);
    const a = await createDocumentViaApi(t.app, me.headers, "geography.pdf", pdf, {
      includeInVectorDb: true,
    });
    const b = await createDocumentViaApi(t.app, me.headers, "volcanoes.docx", docx, {
      includeInVectorDb: true,
    });
    await waitForStatus(t, me.headers, a.id, ["ready"]);
    await waitForStatus(t, me.headers, b.id, ["ready"]);

    const glacier = (await search(t, me.headers, { query: "glacier moraines fjords" })).json().documents;
    expect(glacier[0]).toMatchObject({ id: a.id, page: 2 });
    expect(glacier[0].snippet).toContainEqual({ text: "moraines", marked: true });
    const magma = (await search(t, me.headers, { query: "magma basalt eruptions" })).json().documents;
    expect(magma[0]).toMatchObject({ id: b.id, page: null });
    if (!vectors) {
      // Full-text alone: only documents holding the words.
      expect(glacier.map((hit: { id: number }) => hit.id)).toEqual([a.id]);
      expect(magma.map((hit: { id: number }) => hit.id)).toEqual([b.id]);
    }
    // The limit holds.
    const one = (await search(t, me.headers, { query: "paragraph students", limit: 1 })).json().documents;
    expect(one).toHaveLength(1);
  }, 90_000);

  it("fuses full-text and vector rankings by reciprocal rank fusion (k = 60), or falls back to full-text", async () => {
    const person = await signedInFaculty(t.app, t.database.db);
    const zebra = await createDocumentViaApi(
      t.app,
      person.headers,
      "zebra.txt",
      Buffer.from("Field notes: the zebra herd crossed the river at dawn.\n"),
      { includeInVectorDb: true },
    );
    const herd = await createDocumentViaApi(
      t.app,
      person.headers,
      "cattle.txt",
      Buffer.from("Cattle herd records.\n"),
      { includeInVectorDb: true },
    );
    const other = await createDocumentViaApi(
      t.app,
      person.headers,
      "budget.txt",
      Buffer.from("Budget lines for the spring term: printing, travel and lab supplies.\n"),
      { includeInVectorDb: true },
    );
    await waitForStatus(t, person.headers, zebra.id, ["ready"]);
    await waitForStatus(t, person.headers, herd.id, ["ready"]);
    await waitForStatus(t, person.headers, other.id, ["ready"]);
    const before = stub.requests.filter((request) => request.path.endsWith("/embeddings")).length;
    const hits = (await search(t, person.headers, { query: "zebra herd" })).json().documents;
    const embeddingCalls = stub.requests.filter((request) => request.path.endsWith("/embeddings"));
    if (vectors) {
      // Both rankings put the zebra notes first (1/61 + 1/61); only the vector ranking holds the
      // cattle records, which share "herd" (second: 1/62); the budget shares no word, so its
      // similarity is below the floor and it is no hit at all.
      expect(embeddingCalls.length).toBe(before + 1);
      expect(embeddingCalls.at(-1)?.body).toMatchObject({ input: ["zebra herd"] });
      expect(hits.map((hit: { id: number }) => hit.id)).toEqual([zebra.id, herd.id]);
      expect(hits[0].score).toBeCloseTo(2 / 61, 12);
      expect(hits[1].score).toBeCloseTo(1 / 62, 12);
      expect(hits[0].snippet).toContainEqual({ text: "zebra", marked: true });
    } else {
      // No pgvector on this PostgreSQL server: full-text alone, and the query is not embedded.
      expect(embeddingCalls.length).toBe(before);
      expect(hits.map((hit: { id: number }) => hit.id)).toEqual([zebra.id]);
      expect(hits[0].score).toBeCloseTo(1 / 61, 12);
    }
  }, 60_000);

  it("vectorize: 202 with the document, 404 for someone else's, 422 for a type without text", async () => {
    const plain = await createDocumentViaApi(t.app, me.headers, "later.txt", Buffer.from("Quasar notes.\n"));
    expect(plain).toMatchObject({ vectorStatus: "pending", includeInVectorDb: false });
    await new Promise((resolve) => setTimeout(resolve, 700));
    const before = (await search(t, me.headers, { query: "quasar" })).json().documents;
    expect(before.map((hit: { id: number }) => hit.id)).not.toContain(plain.id);

    const foreign = await t.app.inject({
      method: "POST",
      url: `/api/documents/${plain.id}/vectorize`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);

    const queued = await t.app.inject({
      method: "POST",
      url: `/api/documents/${plain.id}/vectorize`,
      headers: me.headers,
    });
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ id: plain.id, includeInVectorDb: true });
    expect(["pending", "processing", "ready"]).toContain(queued.json().vectorStatus);
    await waitForStatus(t, me.headers, plain.id, ["ready"]);
    expect((await search(t, me.headers, { query: "quasar" })).json().documents[0]).toMatchObject({
      id: plain.id,
    });

    // A PNG has no text.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      "base64",
    );
    const image = await createDocumentViaApi(t.app, me.headers, "dot.png", png, { includeInVectorDb: true });
    expect(image.vectorStatus).toBe("pending");
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/documents/${image.id}/vectorize`,
      headers: me.headers,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("This file type has no text to index");
    expect(
      (await t.app.inject({ method: "POST", url: "/api/documents/999999/vectorize", headers: me.headers }))
        .statusCode,
    ).toBe(404);
  }, 60_000);

  it("says where one's documents stand for search: ready, being read, not in AI search, without text", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    const status = async (headers: Headers) => {
      const response = await t.app.inject({ method: "GET", url: "/api/search/documents/status", headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect(await status(who.headers)).toEqual({
      documents: 0,
      ready: 0,
      indexing: 0,
      notInSearch: 0,
      failed: 0,
      withoutText: 0,
    });
    const indexed = await createDocumentViaApi(
      t.app,
      who.headers,
      "tides.txt",
      Buffer.from("Tide tables.\n"),
      {
        includeInVectorDb: true,
      },
    );
    await waitForStatus(t, who.headers, indexed.id, ["ready"]);
    await createDocumentViaApi(t.app, who.headers, "later.txt", Buffer.from("Kept for later.\n"));
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      "base64",
    );
    await createDocumentViaApi(t.app, who.headers, "dot.png", png, { includeInVectorDb: true });
    expect(await status(who.headers)).toEqual({
      documents: 3,
      ready: 1,
      indexing: 0,
      notInSearch: 1,
      failed: 0,
      withoutText: 1,
    });
    // A document being read counts as such (set here: the job would finish before it is seen).
    await t.database.db.execute(sql`update document set status = 'processing' where id = ${indexed.id}`);
    expect(await status(who.headers)).toMatchObject({ documents: 3, ready: 0, indexing: 1 });
    // Someone else's documents are never counted.
    const stranger = await signedInFaculty(t.app, t.database.db);
    expect((await status(stranger.headers)).documents).toBe(0);
  }, 60_000);

  it("a corrupt PDF and a zip bomb end failed with a reason while the server answers", async () => {
    const corrupt = await createDocumentViaApi(
      t.app,
      me.headers,
      "broken.pdf",
      Buffer.from("%PDF-1.4\n1 0 obj garbage\n%%EOF"),
      { includeInVectorDb: true },
    );
    const bomb = await createDocumentViaApi(t.app, me.headers, "bomb.docx", await makeDocxZipBomb(), {
      includeInVectorDb: true,
    });
    const done = Promise.all([
      waitForStatus(t, me.headers, corrupt.id, ["ready", "failed"], 60_000),
      waitForStatus(t, me.headers, bomb.id, ["ready", "failed"], 60_000),
    ]);
    let settled = false;
    void done.finally(() => {
      settled = true;
    });
    let answered = 0;
    while (!settled) {
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [broken, bombed] = await done;
    expect(answered).toBeGreaterThan(0);
    expect(broken.vectorStatus).toBe("failed");
    expect(broken.statusReason).toMatch(/\w+/);
    expect(bombed.vectorStatus).toBe("failed");
    expect(bombed.statusReason).toMatch(/zip bomb|unpack|entries|memory/i);
  }, 90_000);
});

describe("an indexing job interrupted by closing the app", () => {
  it("completes after the next start", async () => {
    // The first app's key holds the embeddings request until the app closes (and aborts it).
    const first = await appWith("sk-stub-gated");
    const person = await signedInFaculty(first.app, first.database.db);
    // A long PDF: its reading (and on PGlite the held embeddings request) is under way when the
    // app closes.
    const pages = Array.from({ length: 150 }, (_, page) => prose(`tide pools ${page}`, 8));
    pages[149]?.push("Anemones close when the tide goes out.");
    const created = await createDocumentViaApi(
      first.app,
      person.headers,
      "interrupted.pdf",
      await makePdf(pages),
      { includeInVectorDb: true },
    );
    const mid = await waitForStatus(first, person.headers, created.id, ["processing", "ready", "failed"]);
    expect(mid.vectorStatus).toBe("processing");
    await first.close();

    const second = await appWith("sk-stub-ok");
    try {
      const headers = bearer(person.sessionId);
      const ready = await waitForStatus(second, headers, created.id, ["ready", "failed"], 60_000);
      expect(ready.vectorStatus).toBe("ready");
      const [hit] = (await search(second, headers, { query: "anemones" })).json().documents;
      expect(hit).toMatchObject({ id: created.id });
      const [row] = await selectRows<{ embedded: number }>(
        second.database.db,
        vectors
          ? sql`select count(*)::int as embedded from passage_embedding where document_id = ${created.id}`
          : sql`select count(*)::int as embedded from passage where document_id = ${created.id}`,
      );
      expect(Number(row?.embedded)).toBeGreaterThan(0);
      // The job was interrupted, not finished before the close: it ran again.
      const [job] = await selectRows<{ retries: number }>(
        second.database.db,
        sql`select max(retry_count)::int as retries from (
              select retry_count, data from pgboss.job where name = 'document.index'
              union all select retry_count, data from pgboss.archive where name = 'document.index'
            ) j where (j.data->>'documentId')::int = ${created.id}`,
      );
      expect(Number(job?.retries)).toBeGreaterThanOrEqual(1);
    } finally {
      await second.close();
    }
  }, 90_000);
});

describe("the upload sweep", () => {
  it("removes day-old unrecorded uploads and the objects of removed accounts, and keeps the rest", async () => {
    const clock = createTestClock();
    const t = await appWith("sk-stub-ok", clock);
    try {
      const keeper = await signedInFaculty(t.app, t.database.db);
      const leaver = await signedInFaculty(t.app, t.database.db);
      const recorded = await createDocumentViaApi(t.app, keeper.headers, "kept.txt", Buffer.from("Kept.\n"));
      const address = await t.app.inject({
        method: "POST",
        url: "/api/documents/upload-url",
        headers: keeper.headers,
        payload: { fileName: "forgotten.txt" },
      });
      const url = new URL(address.json().uploadURL, "http://localhost");
      const put = await t.app.inject({
        method: "PUT",
        url: `${url.pathname}${url.search}`,
        headers: keeper.headers,
        payload: Buffer.from("Never recorded.\n"),
      });
      expect(put.statusCode).toBe(200);
      const forgottenKey = put.json().fileUrl.replace("/objects/", "");
      const keptKey = recorded.fileUrl.replace("/objects/", "");
      const leaverDoc = await createDocumentViaApi(
        t.app,
        leaver.headers,
        "theirs.txt",
        Buffer.from("Theirs.\n"),
      );
      const leaverKey = leaverDoc.fileUrl.replace("/objects/", "");
      const exists = (key: string) => fs.existsSync(path.join(storageDir, key));
      expect([exists(forgottenKey), exists(keptKey), exists(leaverKey)]).toEqual([true, true, true]);

      // The sweep's queue holds one waiting run at most (its next, an hour away): bring that run
      // forward and wait for it, rather than queue another.
      await t.app.jobs.start();
      const sweep = async () => {
        const until = Date.now() + 30_000;
        let id: string | undefined;
        for (;;) {
          if (!id) {
            const [due] = await selectRows<{ id: string }>(
              t.database.db,
              sql`update pgboss.job set start_after = now()
                   where name = ${UPLOAD_SWEEP_QUEUE} and state = 'created' returning id`,
            );
            id = due?.id;
          }
          const state = id ? await t.app.jobs.getJob(UPLOAD_SWEEP_QUEUE, id) : null;
          if (state?.state === "completed") return state.output;
          if (Date.now() > until) throw new Error(`the sweep did not run: ${JSON.stringify(state)}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };

      // Less than a day: nothing is removed. The account's removal takes its rows at once.
      await t.database.db.execute(sql`delete from faculty where id = ${leaver.faculty.id}`);
      clock.advance(23 * 60 * 60 * 1000);
      expect(await sweep()).toEqual({ unrecorded: 0, objects: 1 });
      expect([exists(forgottenKey), exists(keptKey), exists(leaverKey)]).toEqual([true, true, false]);

      // Over a day: the unrecorded upload goes; the recorded one stays.
      clock.advance(2 * 60 * 60 * 1000);
      expect(await sweep()).toEqual({ unrecorded: 1, objects: 1 });
      expect([exists(forgottenKey), exists(keptKey)]).toEqual([false, true]);
      const download = await t.app.inject({ method: "GET", url: recorded.fileUrl, headers: keeper.headers });
      expect(download.statusCode).toBe(200);
      expect(await sweep()).toEqual({ unrecorded: 0, objects: 0 });

      // The sweep keeps its next run waiting, an hour away (jobs.every), and only one.
      const [next] = await selectRows<{ waiting: number; soonest: number }>(
        t.database.db,
        sql`select count(*)::int as waiting, min(extract(epoch from start_after - now()))::float as soonest
            from pgboss.job where name = ${UPLOAD_SWEEP_QUEUE} and state = 'created'`,
      );
      expect(Number(next?.waiting)).toBe(1);
      expect(Number(next?.soonest)).toBeGreaterThan(50 * 60);
    } finally {
      await t.close();
    }
  }, 90_000);
});
