import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Passage } from "#shared/domain/passages.ts";
import { selectRows } from "../../db/client.ts";
import { createDocumentViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../test/test-database.ts";
import { createPassageIndex } from "./passage-index.ts";

// The vector half of the passage index: a shortlist by the embeddings' sign bits, then the exact
// cosine distance (migration 0012). It must give the order the exact scan gives for the passages
// that are near the query.

const DIMENSIONS = 1536;

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const unit = (vector: number[]) => {
  const length = Math.hypot(...vector);
  return vector.map((value) => value / length);
};
const cosine = (a: number[], b: number[]) =>
  a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);

let database: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({ database });
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

describe("nearest passages", () => {
  it("shortlists by sign bits and orders by the exact cosine distance: the same passages, in the same order, as an exact scan", async () => {
    const index = createPassageIndex(t.database.db);
    if (!(await index.hasVectors())) {
      // A PostgreSQL server without pgvector: no embedding table or column, semantic search is off.
      const found = await selectRows<{ name: string }>(
        t.database.db,
        sql`select table_name || '.' || column_name as name from information_schema.columns
            where table_schema = current_schema() and (table_name = 'passage_embedding' or column_name like 'embedding%')`,
      );
      expect(found).toEqual([]);
      expect(t.database.kind).toBe("postgres");
      return;
    }
    const me = await signedInFaculty(t.app, t.database.db);
    const document = await createDocumentViaApi(t.app, me.headers);
    const next = random(42);
    const noise = () => Array.from({ length: DIMENSIONS }, () => next() - 0.5);
    const query = unit(noise());
    // 300 unrelated passages, and 8 near the query at known closeness (cosine about 0.9 down to 0.3).
    const embeddings = Array.from({ length: 300 }, () => unit(noise()));
    for (let near = 0; near < 8; near += 1) {
      const weight = 3 - near * 0.35;
      const other = unit(noise());
      embeddings.push(unit(query.map((value, i) => weight * value + (other[i] ?? 0))));
    }
    const passages: Passage[] = embeddings.map((_, i) => ({
      index: i,
      text: `Passage ${i}.`,
      offset: i * 20,
      page: null,
      endPage: null,
    }));
    await index.replace(
      { kind: "document", id: document.id, facultyId: me.faculty.id },
      passages,
      embeddings,
    );
    const stored = await selectRows<{ id: number; position: number }>(
      t.database.db,
      sql`select id, passage_index as position from passage where document_id = ${document.id}`,
    );
    const idOf = new Map(stored.map((row) => [row.position, row.id]));

    const exact = embeddings
      .map((embedding, position) => ({ id: idOf.get(position), similarity: cosine(embedding, query) }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, 8)
      .map((entry) => entry.id);
    const found = await index.nearest({ kind: "document", owners: [me.faculty.id] }, query, 8);
    expect(found.map((hit) => hit.id)).toEqual(exact);
    expect(found.every((hit) => hit.sourceId === document.id)).toBe(true);
    // The eight near ones are exactly the last eight stored, nearest first.
    expect(exact).toEqual(Array.from({ length: 8 }, (_, near) => idOf.get(300 + near)));
  }, 60_000);
});
