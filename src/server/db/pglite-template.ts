// Builds the embedded database a fresh DATA_DIR starts from: PGlite's initdb, every
// migration, the template library seeded, the job queue's schema (pg-boss) and the planner's
// statistics gathered, kept as a cluster folder that openPglite copies into DATA_DIR/pg. A start on a fresh DATA_DIR then skips initdb
// (about 3 s), the migrations and the seeding. `node dist/server/pglite-template.js <folder>`;
// scripts/ensure-build.mjs runs it when the migrations, the library or the packages change.
import fs from "node:fs";
import path from "node:path";
import { secureDataDir } from "../lib/data-dir-modes.ts";
import { seedTemplateLibrary } from "../modules/templates/templates.seed.ts";
import { installJobSchema } from "../platform/jobs/jobs.ts";
import { openPglite } from "./pglite.ts";

/** One line per preparation step with its time (a first start shows its progress). */
async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  process.stdout.write(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  return result;
}

async function buildTemplate(target: string) {
  // Built beside the target and renamed into place: a build stopped half-way leaves no template.
  const partial = `${target}.${process.pid}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  const database = await step("initdb and every migration", () => openPglite(partial));
  try {
    await step("template library seeded", () => seedTemplateLibrary(database.db));
    // The job queue's tables (pg-boss), which a server would otherwise create at its first start.
    await step("job queue tables created", () => installJobSchema(database));
    await step("planner statistics gathered", () => database.vacuumAnalyze());
  } finally {
    await database.close();
  }
  // Owner-only from the start: a server copies the modes along with the files.
  secureDataDir(partial);
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(partial, target);
}

const target = process.argv[2];
if (!target) {
  process.stderr.write("usage: node pglite-template.js <folder>\n");
  process.exit(2);
}
await buildTemplate(path.resolve(target));
