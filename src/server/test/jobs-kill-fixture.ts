// A process that queues a job on a PGlite DATA_DIR and hangs in its handler, for jobs.test.ts to
// kill with SIGKILL mid-run. `node --import tsx jobs-kill-fixture.ts <pg folder>`; prints
// "job <id>" once the handler runs.
import { openPglite } from "../db/pglite.ts";
import { createJobQueue } from "../lib/jobs.ts";

const folder = process.argv[2];
if (!folder) throw new Error("usage: jobs-kill-fixture.ts <pg folder>");
const database = await openPglite(folder);
const jobs = createJobQueue({ database, concurrency: 1, pollingIntervalSeconds: 0.5 });
let id: string | null = null;
jobs.work(
  "killed-mid-run",
  async () => {
    process.stdout.write(`job ${id}\n`);
    await new Promise(() => undefined);
  },
  { retryLimit: 2, retryDelaySeconds: 1 },
);
await jobs.start();
id = await jobs.send("killed-mid-run", { file: "notes.pdf" });
