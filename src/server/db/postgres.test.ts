import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";

describe.skipIf(process.env.TEST_DB !== "postgres")("the PostgreSQL notifier", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("listens on one connection, one statement at a time, however many subscribe at once", async () => {
    // The most statements running at once on one client: pg warns above 1 (pg 9 refuses).
    const running = new Map<pg.Client, number>();
    let most = 0;
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      running.set(this, (running.get(this) ?? 0) + 1);
      most = Math.max(most, running.get(this) ?? 0);
      const done = () => running.set(this, (running.get(this) ?? 1) - 1);
      const result = (query as (...args: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) result.then(done, done);
      else done();
      return result as never;
    });
    try {
      if (!t.openAnother) throw new Error("a PostgreSQL test database opens other instances");
      const other = await t.openAnother();
      try {
        const heard: string[] = [];
        // Four channels and a second listener on one of them, all at once (as the template caches start).
        await Promise.all([
          ...["a", "b", "c", "d"].map((name) =>
            other.notifier.subscribe(`test_${name}`, (payload) => heard.push(`${name}:${payload}`)),
          ),
          other.notifier.subscribe("test_a", (payload) => heard.push(`a again:${payload}`)),
        ]);
        expect(most).toBe(1);
        for (const name of ["a", "b", "c", "d"]) await t.notifier.publish(`test_${name}`, "hello");
        await vi.waitFor(() => expect(heard).toHaveLength(5));
        expect(heard.sort()).toEqual(["a again:hello", "a:hello", "b:hello", "c:hello", "d:hello"]);
        // A later subscriber to a channel already listened on hears it too.
        await other.notifier.subscribe("test_b", (payload) => heard.push(`b later:${payload}`));
        await t.notifier.publish("test_b", "again");
        await vi.waitFor(() => expect(heard).toContain("b later:again"));
      } finally {
        await other.close();
      }
    } finally {
      spy.mockRestore();
    }
  });
});
