import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import packageJson from "../../../../package.json" with { type: "json" };
import { selectRows } from "../../db/client.ts";
import { JOBS_SCHEMA } from "../../platform/jobs/jobs.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await test.close();
});

const ready = () => test.app.inject({ method: "GET", url: "/api/health/ready" });

describe("GET /api/health", () => {
  it("answers ok once the database is ready (the process contract)", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });
});

describe("GET /api/health/ready", () => {
  it("answers 200 ready without a session, naming this instance and the version", async () => {
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json();
    expect(body).toMatchObject({ status: "ready", version: packageJson.version });
    expect(body.reason).toBeUndefined();
    expect(body.instance).toContain(String(process.pid));
    expect(body.jobs).toEqual({ waiting: 0, oldestWaitingSeconds: null }); // nothing queued yet
  });

  it("counts the jobs due and not yet running, and how long the oldest has waited", async () => {
    // No worker takes these: they wait.
    const first = await test.app.jobs.send("readiness-backlog", { n: 1 });
    await test.app.jobs.send("readiness-backlog", { n: 2 });
    await test.app.jobs.send("readiness-backlog", { n: 3 }, { startAfterSeconds: 3600 }); // not due yet
    // The first has been due for 90 seconds.
    await test.database.executeSql(
      `UPDATE ${JOBS_SCHEMA}.job SET start_after = now() - interval '90 seconds' WHERE id = $1`,
      [first],
    );

    const response = await ready();
    expect(response.statusCode).toBe(200);
    const { jobs } = response.json();
    expect(jobs.waiting).toBe(2);
    expect(jobs.oldestWaitingSeconds).toBeGreaterThanOrEqual(90);
    expect(jobs.oldestWaitingSeconds).toBeLessThan(3600);
  });

  it("stays ready and says why when the backlog cannot be read", async () => {
    vi.spyOn(test.app.jobs, "backlog").mockRejectedValue(new Error("relation is locked"));
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: "ready",
      reason: "job backlog unavailable",
      jobs: { waiting: 0, oldestWaitingSeconds: null },
    });
  });

  it("answers 503 not ready when the newest migration is not applied", async () => {
    const other = await createTestApp();
    const [newest] = await selectRows<{ id: number; hash: string; created_at: string }>(
      other.database.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    if (!newest) throw new Error("the test database has no migrations table");
    await other.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const response = await other.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: "not ready", reason: "migrations pending" });
    } finally {
      // The test database may serve another file next.
      await other.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`,
      );
      await other.close();
    }
  });

  it("answers 503 shutting down once a shutdown began, while liveness still answers ok", async () => {
    const other = await createTestApp();
    try {
      other.app.readiness.beginShutdown();
      const response = await other.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: "not ready",
        reason: "shutting down",
        version: packageJson.version,
        jobs: { waiting: 0, oldestWaitingSeconds: null },
      });
      const health = await other.app.inject({ method: "GET", url: "/api/health" });
      expect(health.json()).toEqual({ status: "ok" });
    } finally {
      await other.close();
    }
  });

  it("is described in the OpenAPI document with both answers", async () => {
    const docs = (await test.app.inject({ method: "GET", url: "/api/docs" })).json();
    const responses = docs.paths["/api/health/ready"].get.responses;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(["200", "503"]));
  });
});
