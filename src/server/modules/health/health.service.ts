import { sql } from "drizzle-orm";
import type { ReadinessResponse } from "#shared/schemas/health.ts";
import { type Database, hasEveryMigration } from "../../db/client.ts";
import type { Readiness } from "../../lib/readiness.ts";
import type { JobBacklog, JobQueue } from "../../platform/jobs/jobs.ts";

/** How long the readiness check waits for the database, then for the backlog, before it answers. */
const CHECK_TIMEOUT_MS = 2000;

const NO_BACKLOG: JobBacklog = { waiting: 0, oldestWaitingSeconds: null };

class TimedOut extends Error {}

/** `promise`, or a TimedOut rejection after `ms` (the query itself is left to finish). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimedOut()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function createHealthService(db: Database, readiness: Readiness, jobs: Pick<JobQueue, "backlog">) {
  // Once applied, migrations stay applied: later probes skip that query.
  let migrated = false;

  const answer = (ready: boolean, jobsBacklog: JobBacklog, reason?: string) => ({
    ready,
    body: {
      status: ready ? ("ready" as const) : ("not ready" as const),
      ...(reason === undefined ? {} : { reason }),
      instance: readiness.instance,
      version: readiness.version,
      jobs: jobsBacklog,
    } satisfies ReadinessResponse,
  });

  return {
    /** The process contract's health: "ok" once the database answers a query. */
    async check() {
      await db.execute(sql`select 1`);
      return { status: "ok" as const };
    },

    /** Whether this instance should get new requests; never throws. */
    async ready() {
      if (readiness.shuttingDown) return answer(false, NO_BACKLOG, "shutting down");
      try {
        await within(db.execute(sql`select 1`), CHECK_TIMEOUT_MS);
      } catch (error) {
        return answer(
          false,
          NO_BACKLOG,
          error instanceof TimedOut ? "database not answering" : "database unavailable",
        );
      }
      if (!migrated) {
        migrated = await within(hasEveryMigration(db), CHECK_TIMEOUT_MS).catch(() => false);
        if (!migrated) return answer(false, NO_BACKLOG, "migrations pending");
      }
      // The backlog informs; it never makes an instance unready.
      try {
        return answer(true, await within(jobs.backlog(), CHECK_TIMEOUT_MS));
      } catch (error) {
        return answer(
          true,
          NO_BACKLOG,
          error instanceof TimedOut ? "job backlog query timed out" : "job backlog unavailable",
        );
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
