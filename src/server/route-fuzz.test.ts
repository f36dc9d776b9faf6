import { afterAll, describe, expect, it } from "vitest";
import { createFuzzWorld } from "./test/fuzz-world.ts";
import { createTestApp } from "./test/test-app.ts";

/**
 * Bad input on every route, generated: for each registered /api route, requests made
 * from its declared zod schemas by fast-check (route-fuzz.ts), from the right and the wrong
 * callers. No answer may be a 5xx, and every 4xx carries a JSON `message`. A fixed seed keeps the
 * run repeatable; `npm run fuzz` sends 1,000 a route and prints the answers by status.
 */
const RUNS_PER_ROUTE = 30;
const SEED = 20261124;

// Built at collection time, so that each route is its own test.
const t = await createTestApp({
  config: {
    openai: {
      baseUrl: "http://127.0.0.1:9/v1",
      apiKey: undefined,
      model: "stub",
      embeddingModel: "stub-embedding",
      timeoutMs: 2000,
    },
  },
});
const world = await createFuzzWorld(t);
afterAll(() => t?.close());

const routes = t.app.routeCatalog.filter((entry) => entry.method !== "HEAD");

describe("bad input on every route", () => {
  it("covers every route of this build", () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it.each(routes.map((entry) => [`${entry.method} ${entry.url}`, entry] as const))(
    "%s never answers 5xx, and every 4xx has a message",
    async (_name, entry) => {
      const { problems } = await world.fuzz(entry, { runs: RUNS_PER_ROUTE, seed: SEED });
      expect(problems).toEqual([]);
    },
  );
});
