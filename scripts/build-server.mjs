#!/usr/bin/env node
// Compiles the server ahead of time: src/server/index.ts and what it imports become ES
// modules in dist/server (index.js, chunks loaded by import(), source maps), with the SQL
// migrations copied beside them (db/client.ts finds them next to the running file); a second
// entry, pglite-template.js, builds the embedded database template (db/pglite-template.ts); a third,
// extraction-worker.js, is the child process that reads uploaded files' text; a fourth, fit-worker.js,
// the one that fits a course's FSRS parameters.
// `node scripts/build-server.mjs [outDir]`; ensure-build.mjs runs it when the server is stale, and
// the test setup builds into a folder of its own.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The packages that start-up loads are bundled into the output (start-up): loaded from
 * node_modules, Node resolved, read and compiled them file by file (hundreds of files; CommonJS
 * ones parsed twice to find their exports), which took about a third of a second. Their own
 * dependencies come along. Every other package stays external and loads from node_modules as it
 * is: PGlite finds its WASM files beside itself, argon2 is a native addon, pdfkit reads its fonts
 * beside itself, and the rest load only when a route asks for them (esbuild would give such an
 * import() of a CommonJS package its default export only). A new dependency is external until it
 * is listed here; bundling one that reads files beside itself breaks it.
 */
const BUNDLED = new Set([
  "fastify",
  "@fastify/compress",
  "@fastify/cookie",
  "helmet",
  "@fastify/static",
  "@fastify/swagger",
  "fastify-type-provider-zod",
  "pino",
  "zod",
  "drizzle-orm",
  "pg",
  "rate-limiter-flexible",
]);

/**
 * Packages that bundled ones require only on paths this server never takes: Fastify's default
 * compilers (Ajv, fast-json-stringify; the app brings its own, lib/http-basics.ts) and
 * light-my-request (app.inject, for tests). Left external, their 600 KB are not parsed at start-up;
 * Node would load them from node_modules if they were ever required.
 */
const NEVER_AT_START_UP = [
  "@fastify/ajv-compiler",
  "@fastify/fast-json-stringify-compiler",
  "light-my-request",
];

function externalPackages() {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
    (name) => !BUNDLED.has(name),
  );
  // pg's optional native binding, which we never install.
  names.push("pg-native", ...NEVER_AT_START_UP);
  return names.flatMap((name) => [name, `${name}/*`]);
}

/** Builds the server into `outDir` (dist/server by default); returns the entry file. */
export async function buildServer(outDir = path.join(root, "dist", "server")) {
  const outfile = path.join(outDir, "index.js");
  for (const old of fs.existsSync(outDir) ? fs.readdirSync(outDir) : []) {
    if (old.endsWith(".js") || old.endsWith(".js.map")) fs.rmSync(path.join(outDir, old));
  }
  await build({
    absWorkingDir: root,
    entryPoints: {
      index: path.join(root, "src", "server", "index.ts"),
      "pglite-template": path.join(root, "src", "server", "db", "pglite-template.ts"),
      // The child process text extraction reads each file in (platform/text-pipeline), found beside the chunks.
      "extraction-worker": path.join(
        root,
        "src",
        "server",
        "platform",
        "text-pipeline",
        "extraction-worker.ts",
      ),
      // The child process that fits a course's FSRS parameters (modules/scheduling-fit), beside the chunks.
      "fit-worker": path.join(root, "src", "server", "modules", "scheduling-fit", "fit-worker.ts"),
    },
    outdir: outDir,
    bundle: true,
    // What a module imports with import() stays a file of its own, loaded on first use: the
    // database driver not in use, the export renderers (docx, pdfkit, pptxgenjs). Chunks sit beside
    // index.js, so import.meta.url still finds migrations/ next to them.
    splitting: true,
    chunkNames: "[name]-[hash]",
    external: externalPackages(),
    platform: "node",
    format: "esm",
    target: "node20.11",
    // The bundled CommonJS packages call require() (for Node's own modules): an ES module has none.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    // Stack traces name the TypeScript files, lines and functions (--enable-source-maps), also
    // where the bundle renamed a function; the sources themselves are read from src/ when needed
    // rather than carried in the map, which Node reads at start-up. No keepNames: with the packages
    // bundled, it redefined the name of every closure they make per request (15% more CPU time on
    // GET /api/auth/me).
    sourcemap: true,
    sourcesContent: false,
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
