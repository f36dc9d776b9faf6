#!/usr/bin/env node
// Builds what `npm start` runs when it is missing or older than any of its sources, a fast no-op
// otherwise: the server (esbuild -> dist/server, see build-server.mjs), the embedded database
// template (dist/pglite-template, built by the compiled server's pglite-template.js) and the client
// (vite build -> dist/client). Used by `npm start` (prestart), `npm run bench` and the e2e server.
// Prints one line for each (vite's output comes in between when it builds).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer } from "./build-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtIndex = path.join(root, "dist", "client", "index.html");
const clientIndex = path.join(root, "src", "client", "index.html");

/** Folders and files whose changes make the client build stale. */
const sources = [
  "src/client",
  "src/shared",
  "vite.config.ts",
  "vite.compress-assets.ts",
  "package-lock.json",
].map((entry) => path.join(root, entry));

const IGNORED_DIRS = new Set(["node_modules", ".git", "dist"]);

/** Newest modification time (ms) of a file or of any file below a folder; 0 when absent. */
function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows as a newer folder
  for (const dirent of fs.readdirSync(entry, { withFileTypes: true })) {
    if (dirent.isDirectory() && IGNORED_DIRS.has(dirent.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, dirent.name)));
  }
  return newest;
}

/**
 * dist/pglite-template: the cluster a fresh DATA_DIR starts from, initdb'd, migrated and seeded
 * (src/server/db/pglite-template.ts, compiled with the server). Rebuilt when the migrations, the
 * template library or the packages change.
 */
function ensureDatabaseTemplate() {
  const template = path.join(root, "dist", "pglite-template");
  // The template of earlier versions, an initdb'd cluster only.
  fs.rmSync(path.join(root, "dist", "pglite-template.tar.gz"), { force: true });
  const inputs = [
    "src/server/db",
    "src/server/modules/templates",
    "src/server/platform/jobs",
    "src/shared",
    "package-lock.json",
  ];
  const builtAt = newestMtime(path.join(template, "PG_VERSION"));
  if (builtAt > Math.max(...inputs.map((entry) => newestMtime(path.join(root, entry))))) {
    console.log("ensure-build: embedded database template is up to date (dist/pglite-template)");
    return;
  }
  const started = Date.now();
  console.log(
    "ensure-build: preparing the embedded database once (initdb, migrations, the template library; 10 to 30 s on a 2-core machine) ...",
  );
  const result = spawnSync(
    process.execPath,
    [path.join(root, "dist", "server", "pglite-template.js"), template],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (result.status !== 0) {
    // Not fatal: the server then runs initdb and the migrations itself on a fresh DATA_DIR.
    console.error("ensure-build: could not build the embedded database template; start-up will run initdb");
    return;
  }
  console.log(
    `ensure-build: embedded database template built in ${((Date.now() - started) / 1000).toFixed(1)} s (dist/pglite-template)`,
  );
}

/** dist/server/index.js: the compiled server, rebuilt when src/server, src/shared or the lock file change. */
async function ensureServer() {
  const serverSources = ["src/server", "src/shared", "package-lock.json", "scripts/build-server.mjs"].map(
    (entry) => path.join(root, entry),
  );
  let serverAt = 0;
  try {
    serverAt = fs.statSync(path.join(root, "dist", "server", "index.js")).mtimeMs;
  } catch {
    // missing: build it
  }
  if (serverAt > Math.max(...serverSources.map(newestMtime))) {
    console.log("ensure-build: server build is up to date (dist/server)");
    return;
  }
  const started = Date.now();
  try {
    await buildServer();
  } catch (error) {
    console.error(`ensure-build: the server did not compile: ${error.message}`);
    process.exit(1);
  }
  console.log(`ensure-build: server compiled in ${Date.now() - started} ms (dist/server)`);
}

function builtAt() {
  try {
    return fs.statSync(builtIndex).mtimeMs;
  } catch {
    return undefined;
  }
}

if (!fs.existsSync(clientIndex)) {
  console.error(`ensure-build: ${path.relative(root, clientIndex)} not found; cannot build the client.`);
  process.exit(1);
}

const built = builtAt();
const newestSource = Math.max(...sources.map(newestMtime));
let reason;
if (built === undefined) reason = "dist/client/index.html is missing";
else if (newestSource > built) reason = "sources changed since the last build";

await ensureServer();
ensureDatabaseTemplate();

if (!reason) {
  console.log("ensure-build: client build is up to date (dist/client)");
  process.exit(0);
}

const vite = path.join(root, "node_modules", ".bin", process.platform === "win32" ? "vite.cmd" : "vite");
if (!fs.existsSync(vite)) {
  console.error("ensure-build: node_modules/.bin/vite not found; run `npm install` first.");
  process.exit(1);
}
const started = Date.now();
console.log(`ensure-build: ${reason}; building the client (vite build, about 10 s) ...`);
const result = spawnSync(vite, ["build"], { cwd: root, stdio: "inherit" });
if (result.error) {
  console.error(`ensure-build: could not run vite: ${result.error.message}`);
  process.exit(1);
}
if (result.status !== 0) {
  console.error(`ensure-build: vite build failed (exit ${result.status ?? result.signal})`);
  process.exit(result.status || 1);
}
console.log(`ensure-build: client built in ${((Date.now() - started) / 1000).toFixed(1)} s (dist/client)`);
