import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { migrationFiles } from "../db/client.ts";
import { migratedPgliteSnapshot } from "../db/pglite.ts";
import { SERVER_ENTRY_ENV } from "./server-process.ts";
import { PGLITE_SNAPSHOT_ENV } from "./test-database.ts";

/**
 * Vitest global setup: migrates one in-memory PGlite once per run and saves it, so that every test
 * file starts its database from that snapshot instead of running initdb and every migration
 * (about 2 s against 10 to 22 s on this machine). The snapshot is kept between runs in
 * node_modules/.cache, keyed by the migrations and the PGlite version, and remade when they change.
 */
export default async function setup() {
  const pgliteVersion = JSON.parse(
    fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ).version as string;
  const hash = createHash("sha256").update(pgliteVersion);
  for (const file of migrationFiles()) hash.update(file).update(fs.readFileSync(file));
  const folder = path.resolve("node_modules/.cache/pivot-and-launch");
  const file = path.join(folder, `pglite-migrated-${hash.digest("hex").slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(folder, { recursive: true });
    for (const old of fs.readdirSync(folder)) {
      if (old.startsWith("pglite-migrated-")) fs.rmSync(path.join(folder, old), { force: true });
    }
    // Written under another name first: a run stopped half-way leaves no broken snapshot.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, await migratedPgliteSnapshot());
    fs.renameSync(partial, file);
  }
  // The forked test workers inherit the environment of this process.
  process.env[PGLITE_SNAPSHOT_ENV] = file;
  const entry = compileServer(path.join(folder, `server-${process.pid}`));
  process.env[SERVER_ENTRY_ENV] = entry;
  return () => fs.rmSync(path.dirname(entry), { recursive: true, force: true });
}

/**
 * The server as `npm start` runs it, compiled from this checkout's sources into a folder of this
 * run's own (build-server.mjs, a fraction of a second), for the tests that start real processes.
 */
function compileServer(outDir: string): string {
  const result = spawnSync(process.execPath, [path.resolve("scripts/build-server.mjs"), outDir], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`the server did not compile: ${result.stderr}`);
  return path.join(outDir, "index.js");
}
