import type { DatabaseHandle } from "../../db/client.ts";
import type { JobBacklog } from "./jobs.ts";

/**
 * After a kill -9 on PGlite, attempts the dead process was running stay `active`. One process
 * owns a PGlite DATA_DIR (lib/data-dir-lock.ts), so at start-up none of them can still be
 * running: they count as failed attempts (pg-boss counts the retry when it next fetches the job) and are retried at once (or fail for good when out of
 * retries). On PostgreSQL another instance may be running them; there pg-boss's expiry does it.
 */
const recoverActiveSql = (schema: string) => `
  UPDATE ${schema}.job
     SET state = CASE WHEN retry_count < retry_limit THEN 'retry' ELSE 'failed' END::${schema}.job_state,
         start_after = now(),
         completed_on = CASE WHEN retry_count < retry_limit THEN NULL ELSE now() END,
         output = jsonb_build_object('message', 'the server stopped while the job ran')
   WHERE state = 'active'`;

/**
 * Jobs due and not yet fetched (pg-boss 10: `created` or `retry`, i.e. state < 'active', as its own
 * fetch index has it) and how long the oldest has been due.
 */
const backlogSql = (schema: string) => `
  SELECT count(*)::int AS waiting,
         floor(extract(epoch FROM now() - min(start_after)))::int AS oldest
    FROM ${schema}.job
   WHERE state < 'active' AND start_after <= now()`;

/** PostgreSQL's "no such table" and "no such schema". */
const MISSING_RELATION = new Set(["42P01", "3F000"]);

/**
 * The database as the job queue uses it: pg-boss's statements through the handle's `executeSql`,
 * counted so that stop() can wait for the writes pg-boss does not wait for, and our own two
 * statements on pg-boss's job table (in `schema`).
 */
export function createJobDatabase(database: Pick<DatabaseHandle, "executeSql" | "kind">, schema: string) {
  let inFlight = 0;
  const idle: Array<() => void> = [];

  return {
    /** pg-boss's way in. */
    async executeSql(text: string, values?: unknown[]) {
      inFlight += 1;
      try {
        return await database.executeSql(text, values);
      } finally {
        inFlight -= 1;
        if (inFlight === 0) for (const resolve of idle.splice(0)) resolve();
      }
    },

    /** Resolves once none of pg-boss's statements is running. */
    async settled(): Promise<void> {
      if (inFlight > 0) await new Promise<void>((resolve) => idle.push(resolve));
    },

    /** On PGlite, at start-up: the attempts a killed process left `active` (see recoverActiveSql). */
    async recoverActive(): Promise<void> {
      if (database.kind === "pglite") await database.executeSql(recoverActiveSql(schema));
    },

    async backlog(): Promise<JobBacklog> {
      try {
        const { rows } = await database.executeSql(backlogSql(schema));
        const row = rows[0] as { waiting: number; oldest: number | null } | undefined;
        return { waiting: row?.waiting ?? 0, oldestWaitingSeconds: row?.oldest ?? null };
      } catch (error) {
        if (MISSING_RELATION.has((error as { code?: string }).code ?? "")) {
          return { waiting: 0, oldestWaitingSeconds: null };
        }
        throw error;
      }
    },
  };
}
