import path from "node:path";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "./db/client.ts";
import { resolveAppSecret } from "./lib/app-secret.ts";
import { DataDirLockedError, lockDataDir } from "./lib/data-dir-lock.ts";
import { secureDataDir } from "./lib/data-dir-modes.ts";
import { createFacultyRepository } from "./modules/faculty/faculty.repository.ts";
import { seedTemplateLibrary } from "./modules/templates/templates.seed.ts";

const VACUUM_EVERY_MS = 6 * 60 * 60 * 1000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

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

  let database: DatabaseHandle;
  try {
    database = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openPglite(path.join(config.dataDir, "pg"), {
          template: path.resolve("dist/pglite-template.tar.gz"),
        });
  } catch (error) {
    releaseLock();
    fail(`Could not open the database: ${(error as Error).message}`);
  }
  // PGlite writes its cluster files world-readable and -writable whatever the umask: repair
  // them, and any older folder, now (issue 10).
  secureDataDir(config.dataDir);

  if ((await seedTemplateLibrary(database.db)) > 0) await database.vacuumAnalyze();
  const app = await buildApp({ database, config });

  // PGlite never autovacuums; on a server, autovacuum does this and ANALYZE is only a refresh.
  const vacuum = setInterval(() => {
    database.vacuumAnalyze().catch((error) => app.log.warn({ err: error }, "VACUUM ANALYZE failed"));
  }, VACUUM_EVERY_MS);
  vacuum.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    clearInterval(vacuum);
    await app.close();
    await database.close();
    releaseLock();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const noAccountYet = (await createFacultyRepository(database.db).countAll()) === 0;
  await app.listen({ port: config.port, host: config.host });
  const origin = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`;
  process.stdout.write(
    `listening on ${origin}\n${
      noAccountYet
        ? `No accounts yet: the first account registered at ${origin} becomes the Super Admin (approved at once).\n`
        : ""
    }`,
  );
}

main().catch((error) => {
  process.stderr.write(`Start-up failed: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
