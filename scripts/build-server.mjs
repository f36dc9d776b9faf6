#!/usr/bin/env node
// Compiles the server ahead of time (issue 12): src/server/index.ts and what it imports from src/
// become one ES module, dist/server/index.js (with a source map), and the SQL migrations are
// copied beside it (db/client.ts finds them next to the running file). Packages stay external:
// they load from node_modules as they are (PGlite, for one, finds its WASM files next to itself).
// `node scripts/build-server.mjs [outDir]`; ensure-build.mjs runs it when the server is stale, and
// the test setup builds into a folder of its own.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Builds the server into `outDir` (dist/server by default); returns the entry file. */
export async function buildServer(outDir = path.join(root, "dist", "server")) {
  const outfile = path.join(outDir, "index.js");
  for (const old of fs.existsSync(outDir) ? fs.readdirSync(outDir) : []) {
    if (old.endsWith(".js") || old.endsWith(".js.map")) fs.rmSync(path.join(outDir, old));
  }
  await build({
    absWorkingDir: root,
    entryPoints: { index: path.join(root, "src", "server", "index.ts") },
    outdir: outDir,
    bundle: true,
    // What a module imports with import() stays a file of its own, loaded on first use: the
    // export renderers (docx, pdfkit, pptxgenjs) are not loaded at start-up. Chunks sit beside
    // index.js, so import.meta.url still finds migrations/ next to them.
    splitting: true,
    chunkNames: "[name]-[hash]",
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20.11",
    sourcemap: true,
    // Error messages and stack traces keep our names.
    keepNames: true,
    logLevel: "warning",
  });
  const migrations = path.join(outDir, "migrations");
  fs.rmSync(migrations, { recursive: true, force: true });
  fs.cpSync(path.join(root, "src", "server", "db", "migrations"), migrations, { recursive: true });
  return outfile;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const outfile = await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`build-server: ${path.relative(root, outfile)} in ${Date.now() - started} ms`);
}
