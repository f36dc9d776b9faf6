import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemMastery, type MasterySource } from "#shared/domain/mastery.ts";
import { selectRows } from "../../db/client.ts";
import { createTestDatabase, type TestDatabase } from "../../test/test-database.ts";
import { masterySql } from "./scheduling.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("masterySql", () => {
  it("computes in the database what itemMastery computes (one definition of mastery)", async () => {
    const reviewed = new Date("2026-11-02T09:00:00Z");
    const items: MasterySource[] = [
      { state: 0, stability: 0, lastReview: null },
      { state: 1, stability: 0, lastReview: reviewed },
      { state: 1, stability: 0.212, lastReview: reviewed },
      { state: 1, stability: 2.3065, lastReview: reviewed },
      { state: 2, stability: 8.2956, lastReview: reviewed },
      { state: 2, stability: 46.3, lastReview: reviewed },
      { state: 3, stability: 1.7, lastReview: reviewed },
      { state: 2, stability: 36_500, lastReview: reviewed },
    ];
    const input = JSON.stringify(
      items.map((item, index) => ({
        index,
        state: item.state,
        stability: item.stability,
        last_review: item.lastReview?.toISOString() ?? null,
      })),
    );
    const mastery = masterySql({
      state: sql`item.state`,
      lastReview: sql`item.last_review`,
      stability: sql`item.stability`,
    });
    const rows = await selectRows<{ index: number; mastery: number }>(
      database.db,
      sql`select item.index, (${mastery})::float8 as mastery
        from json_to_recordset(${input}::json)
          as item(index int, state smallint, stability float8, last_review timestamptz)
        order by item.index`,
    );
    expect(rows).toHaveLength(items.length);
    for (const row of rows) {
      const expected = itemMastery(items[row.index] as MasterySource);
      expect(Number(row.mastery), `item ${row.index}`).toBeCloseTo(expected, 7);
    }
    // A left join's missing schedule (all nulls) is an item never reviewed.
    const [missing] = await selectRows<{ mastery: number }>(
      database.db,
      sql`select (${masterySql({ state: sql`null::smallint`, lastReview: sql`null::timestamptz`, stability: sql`null::float8` })})::float8 as mastery`,
    );
    expect(Number(missing?.mastery)).toBe(0);
  });
});
