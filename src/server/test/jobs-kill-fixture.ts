// An app instance's job worker in a process of its own, for jobs.test.ts to kill with SIGKILL:
// on a PGlite DATA_DIR (a folder) or a PostgreSQL database (a postgres:// URL).
// `node --import tsx jobs-kill-fixture.ts <pg folder | url> [hang | idle | hang-recurring | finish]`:
// - hang (default): queues a job and hangs in its handler; prints "job <id>" once the handler runs.
// - idle: works the queue (its handler would hang) without queuing anything; prints "ready".
// - hang-recurring: runs recurring work every second (attempts expiring after 3 s) and hangs in
//   its first run; prints "run <id>" once it runs.
// - finish: works the queue, checking for expired attempts every second; its handler records the
//   job in the `killed_job_runs` table the test made (id, data, this process's pid) and returns
//   the data. Prints "ready".
import { pathToFileURL } from "node:url";
import type { DatabaseHandle } from "../db/client.ts";
import { createJobQueue } from "../platform/jobs/jobs.ts";

/** The rules of the fixture's queue, which the test's other instances declare alike. */
export const KILLED_QUEUE = { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 3 };
export const KILLED_QUEUE_NAME = "killed-mid-run";
/** The recurring work of hang-recurring: its period, and rules the test's other instance declares alike. */
export const KILLED_RECURRING = {
  name: "killed-recurring",
  seconds: 1,
  expireInSeconds: 3,
  retryDelaySeconds: 1,
};

const target = process.argv[2];
const mode = process.argv[3] ?? "hang";
// Only when run as the fixture (jobs.test.ts imports KILLED_QUEUE from it).
if (target && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let database: DatabaseHandle;
  if (/^postgres(ql)?:\/\//.test(target)) {
    const { openPostgres } = await import("../db/postgres.ts");
    database = await openPostgres(target);
  } else {
    const { openPglite } = await import("../db/pglite.ts");
    database = await openPglite(target);
  }
  const jobs = createJobQueue({
    database,
    concurrency: 1,
    pollingIntervalSeconds: 0.5,
    ...(mode === "finish" ? { maintenanceIntervalSeconds: 1 } : {}),
  });
  if (mode === "hang-recurring") {
    const { name, seconds, ...rules } = KILLED_RECURRING;
    jobs.every(name, seconds, async (_data, job) => {
      process.stdout.write(`run ${job.id}\n`);
      await new Promise(() => undefined);
    });
    jobs.define(name, rules);
  } else {
    jobs.work<{ file: string }>(
      KILLED_QUEUE_NAME,
      async (data, job) => {
        if (mode === "finish") {
          await database.executeSql("INSERT INTO killed_job_runs (job_id, data, pid) VALUES ($1, $2, $3)", [
            job.id,
            JSON.stringify(data),
            process.pid,
          ]);
          return data;
        }
        process.stdout.write(`job ${job.id}\n`);
        await new Promise(() => undefined);
      },
      KILLED_QUEUE,
    );
  }
  await jobs.start();
  if (mode === "hang") await jobs.send(KILLED_QUEUE_NAME, { file: "notes.pdf" });
  else if (mode !== "hang-recurring") process.stdout.write("ready\n");
}
