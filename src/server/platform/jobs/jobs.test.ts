import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { openPglite } from "../../db/pglite.ts";
import { KILLED_QUEUE, KILLED_QUEUE_NAME, KILLED_RECURRING } from "../../test/jobs-kill-fixture.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../../test/test-database.ts";
import { waitFor } from "../../test/wait-for.ts";
import { createJobQueue, type JobQueue, type JobState } from "./jobs.ts";

// The job queue on the test's real database: in-memory PGlite (pglite project) or a PostgreSQL
// database of its own (postgres project).

let database: TestDatabase;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await database.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function queue(
  options: {
    concurrency?: number;
    on?: Pick<DatabaseHandle, "executeSql" | "kind">;
    maintenanceIntervalSeconds?: number;
    onError?: (error: unknown) => void;
  } = {},
) {
  const jobs = createJobQueue({
    database: options.on ?? database,
    concurrency: options.concurrency ?? 1,
    pollingIntervalSeconds: 0.5,
    stopGraceMs: 100,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    onError: options.onError,
  });
  cleanups.push(() => jobs.stop());
  return jobs;
}

const fixture = fileURLToPath(new URL("../../test/jobs-kill-fixture.ts", import.meta.url));

/**
 * An app instance's job worker in a child process of its own (jobs-kill-fixture.ts: "hang",
 * "hang-recurring", "idle" or "finish"), on a PGlite folder or a PostgreSQL URL. Killed after the test.
 */
function spawnInstance(target: string, mode: "hang" | "hang-recurring" | "idle" | "finish") {
  const child = spawn(process.execPath, ["--import", "tsx", fixture, target, mode], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once("exit", (_code, signal) => resolve(signal)),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return {
    child,
    /** What the instance prints that matches `pattern`: its first group, or the whole match. */
    printed: (pattern: RegExp) =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) resolve(match[1] ?? match[0]);
        };
        child.stdout?.on("data", check);
        child.once("exit", (code) =>
          reject(new Error(`the ${mode} instance ended (${code}) before printing ${pattern}`)),
        );
        check();
      }),
    /** SIGKILL; the signal it died of. */
    kill: () => {
      child.kill("SIGKILL");
      return exited;
    },
  };
}

const finished = (jobs: JobQueue, name: string, id: string) => async (): Promise<JobState | null> => {
  const job = await jobs.getJob(name, id);
  return job && ["completed", "failed", "cancelled"].includes(job.state) ? job : null;
};

describe("background jobs", () => {
  it("retries a failed job with growing delays, then completes it; a job out of retries ends failed with its reason", async () => {
    const jobs = queue();
    const attempts: Array<{ at: number; retryCount: number }> = [];
    jobs.work<{ n: number }>(
      "flaky",
      async (data, job) => {
        attempts.push({ at: Date.now(), retryCount: job.retryCount });
        if (job.retryCount < 2) throw new Error(`attempt ${job.retryCount} broke`);
        return { doubled: data.n * 2 };
      },
      { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true },
    );
    jobs.work(
      "hopeless",
      async () => {
        throw new Error("the file is damaged");
      },
      { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false },
    );
    await jobs.start();

    const id = await jobs.send("flaky", { n: 21 });
    const hopeless = await jobs.send("hopeless", {});
    expect(id).toEqual(expect.any(String));
    const done = await waitFor(finished(jobs, "flaky", id as string));
    expect(done.state).toBe("completed");
    expect(done.output).toEqual({ doubled: 42 });
    expect(done.retryCount).toBe(2);
    expect(attempts.map((attempt) => attempt.retryCount)).toEqual([0, 1, 2]);
    // Back-off: retry n waits retryDelay * 2^(n-1) to twice that (pg-boss adds jitter).
    const [first, second, third] = attempts.map((attempt) => attempt.at) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(950);
    expect(third - second).toBeGreaterThanOrEqual(1950);

    const failed = await waitFor(finished(jobs, "hopeless", hopeless as string));
    expect(failed.state).toBe("failed");
    expect(failed.retryCount).toBe(1);
    expect(failed.output).toMatchObject({ message: "the file is damaged" });
  }, 30_000);

  it("runs at most `concurrency` jobs at once, across queues", async () => {
    for (const concurrency of [1, 2]) {
      const jobs = queue({ concurrency });
      let running = 0;
      let most = 0;
      const handler = async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(250);
        running -= 1;
      };
      jobs.work(`parallel-a-${concurrency}`, handler);
      jobs.work(`parallel-b-${concurrency}`, handler);
      await jobs.start();
      const ids = await Promise.all(
        [0, 1, 2, 3, 4, 5].map(async (n) => {
          const name = `parallel-${n % 2 ? "a" : "b"}-${concurrency}`;
          return { name, id: (await jobs.send(name, { n })) as string };
        }),
      );
      for (const { name, id } of ids) await waitFor(finished(jobs, name, id));
      expect(most).toBe(concurrency);
      await jobs.stop();
    }
  }, 40_000);

  it("a job interrupted by closing the app mid-run completes after the next start", async () => {
    const config = {
      jobs: { concurrency: 1, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, stopGraceMs: 200 },
    };
    const first = await createTestApp({ database, config });
    let started = false;
    let aborted = false;
    first.app.jobs.work<{ document: number }>(
      "index-document",
      async (_data, job) => {
        started = true;
        await new Promise((_resolve, reject) => {
          job.signal.addEventListener("abort", () => {
            aborted = true;
            reject(job.signal.reason);
          });
        });
      },
      { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true },
    );
    await first.app.jobs.start();
    const id = (await first.app.jobs.send("index-document", { document: 7 })) as string;
    await waitFor(async () => started);
    await first.close();
    expect(aborted).toBe(true);

    const second = await createTestApp({ database, config });
    cleanups.push(() => second.close());
    const seen: number[] = [];
    second.app.jobs.work<{ document: number }>(
      "index-document",
      async (data, job) => {
        seen.push(data.document);
        return { retryCount: job.retryCount };
      },
      { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true },
    );
    await second.app.jobs.start();
    const done = await waitFor(finished(second.app.jobs, "index-document", id));
    expect(done.state).toBe("completed");
    expect(done.output).toEqual({ retryCount: 1 });
    expect(seen).toEqual([7]);
  }, 40_000);

  it("the app starts its job queue by itself shortly after it is ready", async () => {
    const test = await createTestApp({
      database,
      config: {
        jobs: { concurrency: 1, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, stopGraceMs: 100 },
      },
    });
    cleanups.push(() => test.close());
    const seen: string[] = [];
    test.app.jobs.work<{ text: string }>("auto-started", async (data) => {
      seen.push(data.text);
    });
    // Sent by another queue on the same database: the app's own queue is never started by the test.
    const sender = queue();
    await sender.send("auto-started", { text: "hello" });
    await waitFor(async () => seen.length > 0);
    expect(seen).toEqual(["hello"]);
  }, 30_000);

  it("a stop lets a running job finish within its grace period, and fetches no new one", async () => {
    const jobs = createJobQueue({ database, concurrency: 1, pollingIntervalSeconds: 0.5, stopGraceMs: 5000 });
    let started = false;
    const handled: number[] = [];
    jobs.work<{ n: number }>("graceful", async (data) => {
      started = true;
      await sleep(400);
      handled.push(data.n);
      return { n: data.n };
    });
    await jobs.start();
    const first = (await jobs.send("graceful", { n: 1 })) as string;
    const second = (await jobs.send("graceful", { n: 2 })) as string;
    await waitFor(async () => started);
    await jobs.stop();
    expect(handled).toEqual([1]);

    const reader = queue();
    await reader.start();
    expect(await reader.getJob("graceful", first)).toMatchObject({
      state: "completed",
      retryCount: 0,
      output: { n: 1 },
    });
    expect(await reader.getJob("graceful", second)).toMatchObject({ state: "created", retryCount: 0 });
  }, 30_000);

  it("a failed run of recurring work is reported and not retried: the next period's run does the work again", async () => {
    const errors: unknown[] = [];
    const jobs = queue({ onError: (error) => errors.push(error) });
    const runs: string[] = [];
    jobs.every("recurring-failing", 1, async (_data, job) => {
      runs.push(job.id);
      if (runs.length === 1) throw new Error("the sweep failed");
    });
    // A retry, were there one, would come as soon as the next run.
    jobs.define("recurring-failing", { retryDelaySeconds: 1, retryBackoff: false });
    await jobs.start();
    await waitFor(async () => runs.length >= 3);
    expect(new Set(runs).size).toBe(runs.length);
    expect(errors).toEqual([new Error("the sweep failed")]);
    expect(await jobs.getJob("recurring-failing", runs[0] as string)).toMatchObject({
      state: "completed",
      output: { failed: "the sweep failed" },
    });
  }, 30_000);

  it.runIf(process.env.TEST_DB !== "postgres")(
    "on PGlite, a job left active by a killed process is retried at the next start",
    async () => {
      // The first queue is never stopped before the second starts, as after a kill -9: its one
      // handler hangs, so its job stays active in the database.
      const killed = queue();
      let hung = false;
      killed.work(
        "survives-kill",
        async (_data, job) => {
          hung = true;
          await new Promise((_resolve, reject) =>
            job.signal.addEventListener("abort", () => reject(job.signal.reason)),
          );
        },
        { retryLimit: 2, retryDelaySeconds: 1 },
      );
      await killed.start();
      const id = (await killed.send("survives-kill", {})) as string;
      await waitFor(async () => hung);
      expect((await killed.getJob("survives-kill", id))?.state).toBe("active");

      const restarted = queue();
      restarted.work("survives-kill", async () => "done", { retryLimit: 2, retryDelaySeconds: 1 });
      await restarted.start();
      const done = await waitFor(finished(restarted, "survives-kill", id));
      expect(done.state).toBe("completed");
      expect(done.retryCount).toBe(1);
    },
    30_000,
  );

  it("a job whose process was killed with SIGKILL mid-run completes after the next start (PGlite DATA_DIR: at once; PostgreSQL: once its attempt expires)", async () => {
    const onPostgres = process.env.TEST_DB === "postgres";
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pl-jobs-kill-"));
    cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
    const target = onPostgres ? (database.url as string) : path.join(folder, "pg");
    const killed = spawnInstance(target, "hang");
    const id = await killed.printed(/job (\S+)\n/);
    expect(await killed.kill()).toBe("SIGKILL");

    let on: Pick<DatabaseHandle, "executeSql" | "kind"> = database;
    if (!onPostgres) {
      const reopened = await openPglite(target);
      cleanups.push(() => reopened.close());
      on = reopened;
    }
    const jobs = queue({ on, maintenanceIntervalSeconds: 1 });
    const files: string[] = [];
    jobs.work<{ file: string }>(
      KILLED_QUEUE_NAME,
      async (data) => {
        files.push(data.file);
      },
      KILLED_QUEUE,
    );
    await jobs.start();
    const done = await waitFor(finished(jobs, KILLED_QUEUE_NAME, id), 60_000);
    expect(done.state).toBe("completed");
    expect(done.retryCount).toBe(1);
    expect(files).toEqual(["notes.pdf"]);
  }, 120_000);

  describe.runIf(process.env.TEST_DB === "postgres")(
    "instances in processes of their own, one killed with SIGKILL",
    () => {
      /** One job's row, read with SQL: no job queue in this process to do the maintenance itself. */
      const jobRow = async (id: string) => {
        const { rows } = await database.executeSql(
          "SELECT state, retry_count, data, output FROM pgboss.job WHERE id = $1",
          [id],
        );
        return rows[0] as { state: string; retry_count: number; data: unknown; output: unknown } | undefined;
      };
      const runs = async () =>
        (await database.executeSql("SELECT job_id, data, pid FROM killed_job_runs ORDER BY job_id")).rows;
      /** When pg-boss's maintenance (expiry, under its advisory lock) last ran, on any instance. */
      const maintainedOn = async () => {
        const { rows } = await database.executeSql("SELECT maintained_on FROM pgboss.version");
        return (rows[0] as { maintained_on: Date | null } | undefined)?.maintained_on ?? null;
      };
      const now = async () =>
        ((await database.executeSql("SELECT now() AS now")).rows[0] as { now: Date }).now;

      beforeAll(async () => {
        await database.executeSql("CREATE TABLE killed_job_runs (job_id uuid, data jsonb, pid int)");
      });
      afterEach(async () => {
        await database.executeSql("DELETE FROM killed_job_runs");
      });

      it("the job of an instance killed mid-run is finished once, with its data, by another instance already running", async () => {
        const url = database.url as string;
        const killed = spawnInstance(url, "hang");
        const id = await killed.printed(/job (\S+)\n/);
        // The other instance starts once the job is taken: it must not simply be the first to fetch it.
        const other = spawnInstance(url, "finish");
        await other.printed(/ready\n/);
        expect((await jobRow(id))?.state).toBe("active");
        expect(await killed.kill()).toBe("SIGKILL");

        const done = await waitFor(async () => {
          const row = await jobRow(id);
          return row && ["completed", "failed", "cancelled"].includes(row.state) ? row : null;
        }, 30_000);
        expect(done).toMatchObject({ state: "completed", retry_count: 1, output: { file: "notes.pdf" } });
        // Once more maintenance has run since, the job has still been run once, by the other instance.
        const completedAt = await now();
        await waitFor(async () => {
          const at = await maintainedOn();
          return at !== null && at > completedAt;
        });
        expect(await runs()).toEqual([{ job_id: id, data: { file: "notes.pdf" }, pid: other.child.pid }]);
        expect((await jobRow(id))?.state).toBe("completed");
      }, 60_000);

      it("recurring work whose run was cut short by killing its instance runs again on another instance, then keeps its period", async () => {
        const { name, seconds, ...rules } = KILLED_RECURRING;
        const killed = spawnInstance(database.url as string, "hang-recurring");
        const id = await killed.printed(/run (\S+)\n/);
        // The other instance (this process) is running before the kill.
        const other = queue({ maintenanceIntervalSeconds: 1 });
        const runs: string[] = [];
        other.every(name, seconds, async (_data, job) => {
          runs.push(job.id);
        });
        other.define(name, rules);
        await other.start();
        expect((await jobRow(id))?.state).toBe("active");
        expect(await killed.kill()).toBe("SIGKILL");

        // The run cut short is run again, then each run queues the next one as before.
        await waitFor(async () => runs.length >= 2, 30_000);
        expect(runs[0]).toBe(id);
        expect(await jobRow(id)).toMatchObject({ state: "completed", retry_count: 1 });
      }, 60_000);

      it("an instance killed while idle leaves nothing behind that stops another instance's work", async () => {
        const url = new URL(database.url as string);
        url.searchParams.set("application_name", "jobs-killed-idle");
        const killed = spawnInstance(url.toString(), "idle");
        await killed.printed(/ready\n/);
        expect(await killed.kill()).toBe("SIGKILL");
        const killedAt = await now();

        // Another instance starts after it (migrations and pg-boss's start take advisory locks),
        // works a job queued after the kill and runs the maintenance (under pg-boss's advisory lock).
        const other = spawnInstance(database.url as string, "finish");
        await other.printed(/ready\n/);
        const sender = queue();
        sender.define(KILLED_QUEUE_NAME, KILLED_QUEUE);
        const id = (await sender.send(KILLED_QUEUE_NAME, { file: "syllabus.docx" })) as string;
        await waitFor(async () => (await jobRow(id))?.state === "completed");
        expect(await runs()).toEqual([{ job_id: id, data: { file: "syllabus.docx" }, pid: other.child.pid }]);
        await waitFor(async () => {
          const at = await maintainedOn();
          return at !== null && at > killedAt;
        });
        // The killed instance's sessions ended with it, and every lock they held with them.
        await waitFor(async () => {
          const { rows } = await database.executeSql(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'jobs-killed-idle'",
          );
          return (rows[0] as { n: number }).n === 0;
        });
      }, 60_000);
    },
  );

  it.runIf(process.env.TEST_DB === "postgres")(
    "two app instances on one PostgreSQL database run each job once",
    async () => {
      const other = await (database.openAnother as () => Promise<DatabaseHandle>)();
      cleanups.push(() => other.close());
      const runs = new Map<number, string[]>();
      const handlerOf = (instance: string) => async (data: { n: number }) => {
        runs.set(data.n, [...(runs.get(data.n) ?? []), instance]);
        await sleep(20);
      };
      const one = queue({ concurrency: 2 });
      const two = queue({ concurrency: 2, on: other });
      one.work("shared", handlerOf("one"));
      two.work("shared", handlerOf("two"));
      await Promise.all([one.start(), two.start()]);
      const ids = await Promise.all(Array.from({ length: 40 }, (_, n) => one.send("shared", { n })));
      for (const id of ids) await waitFor(finished(one, "shared", id as string));
      expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
      expect([...runs.values()].every((instances) => instances.length === 1)).toBe(true);
      const byInstance = [...runs.values()].flat();
      expect(byInstance).toContain("one");
      expect(byInstance).toContain("two");
    },
    60_000,
  );

  it.runIf(process.env.TEST_DB === "postgres")(
    "recurring work started by two app instances at once runs once per period",
    async () => {
      const other = await (database.openAnother as () => Promise<DatabaseHandle>)();
      cleanups.push(() => other.close());
      const name = "recurring-once";
      const waiting = async () => {
        const { rows } = await database.executeSql(
          "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state < 'active'",
          [name],
        );
        return (rows[0] as { n: number }).n;
      };
      let runs = 0;
      let running = 0;
      let overlapped = false;
      const handler = async () => {
        running += 1;
        if (running > 1) overlapped = true;
        runs += 1;
        await sleep(20);
        running -= 1;
      };
      const one = queue();
      const two = queue({ on: other });
      one.every(name, 2, handler);
      two.every(name, 2, handler);
      await Promise.all([one.start(), two.start()]);
      // Both instances found the queue empty at start-up: one next run is queued, not one each.
      expect(await waiting()).toBe(1);
      const counts: number[] = [];
      await waitFor(async () => {
        counts.push(await waiting());
        return runs >= 3;
      }, 60_000);
      expect(Math.max(...counts)).toBeLessThanOrEqual(1);
      expect(overlapped).toBe(false);
      // Each run queued the next one: still exactly one waits.
      await waitFor(async () => (await waiting()) === 1);
    },
    90_000,
  );
});
