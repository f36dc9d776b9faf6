import cluster from "node:cluster";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type AppConfig, ConfigError, loadConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { resolveAppSecret } from "./lib/app-secret.ts";
import { DataDirLockedError, lockDataDir } from "./lib/data-dir-lock.ts";
import { secureDataDir } from "./lib/data-dir-modes.ts";
import { onShutdownSignals } from "./lib/shutdown.ts";
import { superviseWorkers, type WorkerListening } from "./lib/web-workers.ts";

/** The embedded database a fresh DATA_DIR is copied from, prepared by `npm start`'s build step. */
const PGLITE_TEMPLATE = path.resolve("dist/pglite-template");

/**
 * The app and what start-up does with it, loaded with import() (a chunk of its own in the
 * compiled server) so that its modules load while the database opens.
 */
async function loadApp() {
  const [{ buildApp }, { seedTemplateLibrary }, { createFacultyRepository }] = await Promise.all([
    import("./app.ts"),
    import("./modules/templates/templates.seed.ts"),
    import("./modules/faculty/faculty.repository.ts"),
  ]);
  return { buildApp, seedTemplateLibrary, createFacultyRepository };
}

/** What opening the database did besides: the library templates it added, how long it waited. */
interface Opening {
  /** Library templates added under the start-up lock (PostgreSQL); undefined on PGlite. */
  seeded?: number;
  /** How long another instance held the start-up lock (PostgreSQL); undefined when none did. */
  waitedMs?: number;
}

/**
 * What opens the database the configuration names, migrated: only that database's driver is
 * loaded (a server on PGlite never loads pg, one on PostgreSQL never PGlite). On PostgreSQL the
 * template library is seeded under the migrations' lock, so that instances starting together
 * on one database add it once.
 */
async function databaseOpener(config: AppConfig, opening: Opening): Promise<() => Promise<DatabaseHandle>> {
  if (config.databaseUrl) {
    const { openPostgres } = await import("./db/postgres.ts");
    return () =>
      openPostgres(config.databaseUrl as string, {
        prepare: async (db) => {
          const { seedTemplateLibrary } = await import("./modules/templates/templates.seed.ts");
          opening.seeded = await seedTemplateLibrary(db);
        },
        onWaited: (milliseconds) => {
          opening.waitedMs = milliseconds;
        },
      });
  }
  const { openPglite } = await import("./db/pglite.ts");
  // A fresh DATA_DIR starts from the build's migrated and seeded cluster (db/pglite-template.ts).
  return () => openPglite(path.join(config.dataDir, "pg"), { template: PGLITE_TEMPLATE });
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Seconds since the process started, for the start-up lines. */
const elapsed = () => `${(performance.now() / 1000).toFixed(1)} s`;

/** What the start-up line says about the database it opens. */
function describeDatabase(config: AppConfig): string {
  if (config.databaseUrl) return "PostgreSQL (DATABASE_URL)";
  const folder = path.join(config.dataDir, "pg");
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0)
    return `embedded PostgreSQL (PGlite) in ${folder}`;
  return fs.existsSync(PGLITE_TEMPLATE)
    ? `embedded PostgreSQL (PGlite), new in ${folder}, copied from the prepared ${PGLITE_TEMPLATE}`
    : `embedded PostgreSQL (PGlite), new in ${folder} (initdb and every migration)`;
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // WEB_CONCURRENCY above 1 (PostgreSQL only, config.ts): this process, the primary, migrates and
  // seeds, then forks the workers that serve the port; only the primary prints the start-up lines.
  const role = config.webConcurrency === 1 ? "single" : cluster.isPrimary ? "primary" : "worker";
  const say = (text: string) => {
    if (role !== "worker") process.stdout.write(text);
  };

  // Everything the server writes (database files, the secret, uploads) is owner-only.
  process.umask(0o077);
  let releaseLock = () => {};
  if (!config.databaseUrl) {
    try {
      releaseLock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }
  try {
    resolveAppSecret(config.appSecret, config.appSecretFile);
  } catch (error) {
    releaseLock();
    fail(`Could not read the app secret: ${(error as Error).message}`);
  }

  // The database opens while the app's modules load: once its driver is loaded (a few modules),
  // other threads read its files (or, on a fresh DATA_DIR, copy them) and compile its WebAssembly
  // while this one loads the app.
  let database: DatabaseHandle;
  let loadingApp: ReturnType<typeof loadApp>;
  const databaseName = describeDatabase(config);
  const opened: Opening = {};
  try {
    const opening = (await databaseOpener(config, opened))();
    loadingApp = loadApp();
    loadingApp.catch(() => undefined); // awaited once the database is open
    database = await opening;
  } catch (error) {
    releaseLock();
    fail(`Could not open the database: ${(error as Error).message}`);
  }
  if (opened.waitedMs !== undefined) {
    say(
      `waited ${(opened.waitedMs / 1000).toFixed(1)} s for another instance to finish migrating the database\n`,
    );
  }
  say(`database ready at ${elapsed()}: ${databaseName}\n`);
  // PGlite writes its cluster files world-readable and -writable whatever the umask: repair
  // them, and any older folder, now.
  secureDataDir(config.dataDir);

  const { buildApp, seedTemplateLibrary, createFacultyRepository } = await loadingApp;
  // Library templates added since the DATA_DIR was made (none on a fresh one: the template has
  // them); on PostgreSQL, the opening added them.
  const seeded = opened.seeded ?? (await seedTemplateLibrary(database.db));
  if (seeded > 0) await database.vacuumAnalyze();
  const noAccountYet = async () => (await createFacultyRepository(database.db).countAll()) === 0;
  const banner = (port: number, detail: string, firstAccount: boolean) => {
    const origin = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;
    say(
      `listening on ${origin} (started in ${elapsed()}${detail})\n${
        firstAccount
          ? `No accounts yet: the first account registered at ${origin} becomes the Super Admin (approved at once).\n`
          : ""
      }`,
    );
  };
  if (role === "primary") {
    const firstAccount = await noAccountYet();
    await database.close();
    superviseWorkers(config.webConcurrency, (port) =>
      banner(port, `, ${config.webConcurrency} worker processes`, firstAccount),
    );
    return;
  }

  const app = await buildApp({ database, config });

  // Drains: readiness answers 503 at once, the server stops listening and lets requests in
  // flight finish (app.close), the job workers stop (app.ts's onClose), then the database closes.
  onShutdownSignals(
    async () => {
      app.readiness.beginShutdown();
      await app.close();
      await database.close();
      releaseLock();
    },
    { log: app.log },
  );

  if (role === "worker") {
    // The primary gone (killed, say), its workers stop too, draining as on SIGTERM.
    process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
    await app.listen({ port: config.port, host: config.host });
    const message: WorkerListening = { listening: (app.server.address() as AddressInfo).port };
    process.send?.(message);
    return;
  }
  const firstAccount = await noAccountYet();
  await app.listen({ port: config.port, host: config.host });
  banner(config.port, "", firstAccount);
}

main().catch((error) => {
  process.stderr.write(`Start-up failed: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
