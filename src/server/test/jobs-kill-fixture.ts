// A process that queues a job and hangs in its handler, for jobs.test.ts to kill with SIGKILL
// mid-run: on a PGlite DATA_DIR (a folder) or a PostgreSQL database (a postgres:// URL).
// `node --import tsx jobs-kill-fixture.ts <pg folder | url>`; prints "job <id>" once the handler runs.
import { pathToFileURL } from "node:url";
import type { DatabaseHandle } from "../db/client.ts";
import { createJobQueue } from "../lib/jobs.ts";

/** The rules of the fixture's queue, which the test's second queue declares alike. */
export const KILLED_QUEUE = { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 3 };

const target = process.argv[2];
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
  const jobs = createJobQueue({ database, concurrency: 1, pollingIntervalSeconds: 0.5 });
  let id: string | null = null;
  jobs.work(
    "killed-mid-run",
    async () => {
      process.stdout.write(`job ${id}\n`);
      await new Promise(() => undefined);
    },
    KILLED_QUEUE,
  );
  await jobs.start();
  id = await jobs.send("killed-mid-run", { file: "notes.pdf" });
}
