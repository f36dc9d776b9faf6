import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Template } from "#shared/schemas/templates.ts";
import { inProcessNotifier } from "../../db/client.ts";
import { createTemplateViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { TemplateSearchCache } from "./templates.search-cache.ts";

// Search answers are kept and shared until the library changes. What each
// viewer sees must be exactly what the database would answer, at once after any change, on this
// instance and on another one on the same database.

describe("the search cache", () => {
  const options = (now: () => number) => ({ name: "test", maxEntries: 2, ttlMs: 1_000, now });

  it("reads once, keeps the most recently used answers, and forgets them on a change or when old", async () => {
    let clock = 0;
    const cache = new TemplateSearchCache<string>(
      inProcessNotifier(),
      options(() => clock),
    );
    await cache.start();
    const loads: string[] = [];
    const load = (key: string) =>
      cache.get(key, async () => {
        loads.push(key);
        return `answer ${key}`;
      });
    expect(await load("a")).toBe("answer a");
    expect(await load("a")).toBe("answer a");
    expect(loads).toEqual(["a"]);
    await load("b");
    await load("a"); // a is now the most recently used: c pushes b out
    await load("c");
    await load("a");
    await load("b");
    expect(loads).toEqual(["a", "b", "c", "b"]);
    await cache.changed();
    expect(cache.size).toBe(0);
    await load("a");
    clock += 1_000;
    await load("a");
    expect(loads).toEqual(["a", "b", "c", "b", "a", "a"]);
  });

  it("never keeps an answer read before a change that happened while it was read", async () => {
    const cache = new TemplateSearchCache<string>(
      inProcessNotifier(),
      options(() => 0),
    );
    await cache.start();
    let release = () => {};
    const slow = cache.get("q", () => new Promise<string>((resolve) => (release = () => resolve("stale"))));
    await cache.changed();
    release();
    expect(await slow).toBe("stale");
    expect(await cache.get("q", async () => "fresh")).toBe("fresh");
  });

  it("hears a change made by another instance on the same notifier", async () => {
    const notifier = inProcessNotifier();
    const here = new TemplateSearchCache<string>(
      notifier,
      options(() => 0),
    );
    const there = new TemplateSearchCache<string>(
      notifier,
      options(() => 0),
    );
    await Promise.all([here.start(), there.start()]);
    await here.get("q", async () => "old");
    await there.changed();
    expect(await here.get("q", async () => "new")).toBe("new");
  });

  it("forgets only the scopes a change names, here and on another instance, and nothing read in them before it", async () => {
    const notifier = inProcessNotifier();
    const wide = { name: "test", maxEntries: 10, ttlMs: 1_000, now: () => 0 };
    const here = new TemplateSearchCache<string>(notifier, wide);
    const there = new TemplateSearchCache<string>(notifier, wide);
    const elsewhere = new TemplateSearchCache<string>(notifier, { ...wide, name: "other" });
    await Promise.all([here.start(), there.start(), elsewhere.start()]);
    for (const cache of [here, there, elsewhere]) {
      await cache.get("approved:q", async () => "approved old", "approved");
      await cache.get("author:7:q", async () => "author old", "author:7");
    }
    let release = () => {};
    const slow = here.get(
      "author:7:slow",
      () => new Promise<string>((resolve) => (release = () => resolve("stale"))),
      "author:7",
    );
    await there.changed(["author:7", "all"]);
    release();
    await slow;
    for (const cache of [here, there]) {
      expect(await cache.get("approved:q", async () => "approved new", "approved")).toBe("approved old");
      expect(await cache.get("author:7:q", async () => "author new", "author:7")).toBe("author new");
    }
    expect(await here.get("author:7:slow", async () => "fresh", "author:7")).toBe("fresh");
    // A cache on another channel hears nothing of it.
    expect(await elsewhere.get("author:7:q", async () => "author new", "author:7")).toBe("author old");
  });
});

describe("template search through the cache", () => {
  let t: TestApp;
  let other: TestApp;
  let admin: Awaited<ReturnType<typeof signedInFaculty>>;
  let alice: Awaited<ReturnType<typeof signedInFaculty>>;
  let bob: Awaited<ReturnType<typeof signedInFaculty>>;

  beforeAll(async () => {
    t = await createTestApp();
    // A second instance of the server on the same database.
    other = await createTestApp({ database: t.database });
    admin = await signedInFaculty(t.app, t.database.db, { role: "admin" });
    alice = await signedInFaculty(t.app, t.database.db);
    bob = await signedInFaculty(t.app, t.database.db);
    await createTemplateViaApi(t.app, admin.headers, { name: "Kelp Forest Survey", discipline: "biology" });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const names = async (app: TestApp["app"], headers: Record<string, string>, q = "kelp") => {
    const response = await app.inject({ method: "GET", url: `/api/templates/search?q=${q}`, headers });
    expect(response.statusCode).toBe(200);
    const templates = response.json() as Template[];
    expect(response.headers["x-total-count"]).toBe(String(templates.length));
    return templates.map((template) => `${template.name} (${template.status})`);
  };

  /**
   * The instance that made a change answers with it at once; another instance hears of it through
   * the database's notifier: at once on PGlite (one process), within moments on PostgreSQL
   * (LISTEN/NOTIFY), as session revocations do. Retried for up to 5 s; a cache never emptied fails.
   */
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 25 });

  it("shows each viewer what they may see after every change, at once here and soon on another instance", async () => {
    for (const app of [t.app, other.app]) {
      expect(await names(app, alice.headers)).toEqual(["Kelp Forest Survey (approved)"]);
      expect(await names(app, bob.headers)).toEqual(["Kelp Forest Survey (approved)"]);
    }

    // Alice's own template waits for approval: she sees it, Bob does not, admins do.
    const mine = await createTemplateViaApi(t.app, alice.headers, { name: "Kelp Carbon Ledger" });
    expect(await names(t.app, alice.headers)).toContain("Kelp Carbon Ledger (pending)");
    for (const app of [t.app, other.app]) {
      await eventually(async () => {
        expect(await names(app, alice.headers)).toContain("Kelp Carbon Ledger (pending)");
        expect(await names(app, bob.headers)).toEqual(["Kelp Forest Survey (approved)"]);
        expect(await names(app, admin.headers)).toContain("Kelp Carbon Ledger (pending)");
      });
    }

    // Approved on the other instance: everyone sees it everywhere.
    const approved = await other.app.inject({
      method: "POST",
      url: `/api/templates/${mine.id}/approve`,
      headers: admin.headers,
    });
    expect(approved.statusCode).toBe(200);
    expect(await names(other.app, bob.headers)).toContain("Kelp Carbon Ledger (approved)");
    await eventually(async () => {
      expect(await names(t.app, bob.headers)).toContain("Kelp Carbon Ledger (approved)");
    });

    // Renamed and then deleted by an admin: gone from every answer.
    const renamed = await t.app.inject({
      method: "PUT",
      url: `/api/templates/${mine.id}`,
      headers: admin.headers,
      payload: { name: "Seagrass Carbon Ledger" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await names(t.app, bob.headers)).toHaveLength(1);
    await eventually(async () => {
      expect(await names(other.app, bob.headers)).toHaveLength(1);
      expect(await names(other.app, bob.headers, "seagrass")).toEqual(["Seagrass Carbon Ledger (approved)"]);
    });
    const removed = await other.app.inject({
      method: "DELETE",
      url: `/api/templates/${mine.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await names(other.app, bob.headers, "seagrass")).toEqual([]);
    await eventually(async () => expect(await names(t.app, bob.headers, "seagrass")).toEqual([]));
  });
});
