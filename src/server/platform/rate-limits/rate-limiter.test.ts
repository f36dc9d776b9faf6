import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { createTestDatabase, type TestDatabase } from "../../test/test-database.ts";
import { createRateLimits, type RateLimits, rateLimitsFor } from "./rate-limiter.ts";

// The windows are the library's, on the system clock: a test moves it with a fake Date.
afterEach(() => {
  vi.useRealTimers();
});

const passTime = (ms: number) => {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + ms });
};

let database: TestDatabase;
let another: DatabaseHandle | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
  another = await database.openAnother?.();
});
afterAll(async () => {
  await another?.close();
  await database?.close();
});

/** The stores to check: memory always, PostgreSQL (two pools on one database) when the tests run on it. */
const stores: Array<[string, () => [RateLimits, RateLimits]]> = [
  ["memory", () => [createRateLimits({ kind: "memory" }), createRateLimits({ kind: "memory" })]],
];
if (process.env.TEST_DB === "postgres") {
  stores.push([
    "PostgreSQL",
    () => {
      if (!database.pool || !another?.pool) throw new Error("a PostgreSQL test database has a pool");
      return [
        createRateLimits({ kind: "postgres", pool: database.pool }),
        createRateLimits({ kind: "postgres", pool: another.pool }),
      ];
    },
  ]);
}

let keys = 0;
const freshKey = () => `key-${process.pid}-${++keys}`;

describe.each(stores)("rate limits held in %s", (_store, make) => {
  it("allows the limit within a window, then refuses with a Retry-After until the window passes", async () => {
    const [limits] = make();
    const limiter = limits.limiter("attempts", { limit: 3, windowMs: 60_000 });
    const key = freshKey();
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await limiter.hit(key)).allowed);
    expect(answers).toEqual([true, true, true, false]);
    expect((await limiter.hit(freshKey())).allowed).toBe(true);
    const refused = await limiter.hit(key);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    passTime(61_000);
    expect((await limiter.hit(key)).allowed).toBe(true);
  });

  it("peeks without counting, and reset forgets a key", async () => {
    const [limits] = make();
    const limiter = limits.limiter("peeked", { limit: 2, windowMs: 60_000 });
    const key = freshKey();
    expect((await limiter.peek(key)).allowed).toBe(true);
    expect((await limiter.peek(key)).allowed).toBe(true);
    await limiter.hit(key);
    expect((await limiter.peek(key)).allowed).toBe(true);
    await limiter.hit(key);
    const full = await limiter.peek(key);
    expect(full.allowed).toBe(false);
    expect(full.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await limiter.reset(key);
    expect((await limiter.peek(key)).allowed).toBe(true);
    await limiter.hit(key);
    await limiter.hit(key);
    passTime(61_000);
    expect((await limiter.peek(key)).allowed).toBe(true);
  });

  it("keeps each named limiter's counts apart, and refuses a name made twice", async () => {
    const [limits] = make();
    const strict = limits.limiter("strict", { limit: 1, windowMs: 60_000 });
    const loose = limits.limiter("loose", { limit: 5, windowMs: 60_000 });
    const key = freshKey();
    await strict.hit(key);
    expect((await strict.hit(key)).allowed).toBe(false);
    expect((await loose.hit(key)).allowed).toBe(true);
    expect(() => limits.limiter("strict", { limit: 1, windowMs: 60_000 })).toThrow(/made twice/);
  });
});

describe("where the counts are held", () => {
  it("in memory, each set of limits counts on its own (one process, PGlite)", async () => {
    const first = createRateLimits({ kind: "memory" }).limiter("alone", { limit: 1, windowMs: 60_000 });
    const second = createRateLimits({ kind: "memory" }).limiter("alone", { limit: 1, windowMs: 60_000 });
    const key = freshKey();
    expect((await first.hit(key)).allowed).toBe(true);
    expect((await second.hit(key)).allowed).toBe(true);
    expect((await first.hit(key)).allowed).toBe(false);
  });

  it("an app on PGlite holds them in memory; on PostgreSQL in the database", () => {
    expect(rateLimitsFor(database).store).toBe(process.env.TEST_DB === "postgres" ? "postgres" : "memory");
    expect(rateLimitsFor({ kind: "pglite" }).store).toBe("memory");
  });

  it.skipIf(process.env.TEST_DB !== "postgres")(
    "on PostgreSQL, two instances on one database count one key together",
    async () => {
      const [one, two] = stores[1]?.[1]() ?? [];
      if (!one || !two) throw new Error("the PostgreSQL stores are made on PostgreSQL");
      const first = one.limiter("together", { limit: 3, windowMs: 60_000 });
      const second = two.limiter("together", { limit: 3, windowMs: 60_000 });
      const key = freshKey();
      const answers = [];
      for (const limiter of [first, second, first, second]) answers.push((await limiter.hit(key)).allowed);
      expect(answers).toEqual([true, true, true, false]);
      expect((await second.peek(key)).allowed).toBe(false);
      await first.reset(key);
      expect((await second.peek(key)).allowed).toBe(true);
    },
  );
});
