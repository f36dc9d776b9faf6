import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { SerialQueue } from "../lib/serial-queue.ts";
import {
  type Database,
  type DatabaseHandle,
  hasEveryMigration,
  inProcessNotifier,
  migrationsFolder,
} from "./client.ts";
import * as schema from "./schema.ts";

/**
 * PGlite runs one backend in this process. Its own locks cover single calls, but concurrent
 * extended-protocol batches from several callers can interleave, so every entry point goes
 * through one queue. A transaction holds the queue until it ends; queries inside it use the
 * transaction object, not the client, so they do not wait on the queue.
 */
function serialise(client: PGlite): PGlite {
  const queue = new SerialQueue();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  Object.assign(client, {
    query: (...args: Parameters<PGlite["query"]>) => queue.run(() => query(...args)),
    exec: (...args: Parameters<PGlite["exec"]>) => queue.run(() => exec(...args)),
    transaction: (...args: Parameters<PGlite["transaction"]>) => queue.run(() => transaction(...args)),
  });
  return client;
}

/**
 * PostgreSQL's settings for the embedded database, on top of PGlite's own. shared_buffers: PGlite
 * keeps PostgreSQL's default of 128 MB, which it zeroes, and so makes resident, as it starts; 32 MB
 * holds this application's hot data many times over (PGlite's files are in the system's file cache
 * anyway) and leaves the server about 100 MB smaller.
 */
const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];
// pgvector for the passages' embeddings (migration 0011 adds the column where it exists).
const extensions = { pg_trgm, vector };

const isEmptyOrMissing = (folder: string) => !fs.existsSync(folder) || fs.readdirSync(folder).length === 0;

/** Every file below `folder`, as paths relative to it; the folders are made below `to` meanwhile. */
async function listAndMakeFolders(folder: string, to: string, below = ""): Promise<string[]> {
  await fsp.mkdir(path.join(to, below), { recursive: true });
  const entries = await fsp.readdir(path.join(folder, below), { withFileTypes: true });
  const lists = await Promise.all(
    entries.map((entry) => {
      const relative = path.join(below, entry.name);
      return entry.isDirectory() ? listAndMakeFolders(folder, to, relative) : [relative];
    }),
  );
  return lists.flat();
}

/**
 * Copies a folder's files, two at a time: the system's thread pool does the copying while this
 * thread loads the app, and with no more than two copies queued, the reads of the app's modules
 * (the same pool) are not held up behind a thousand of them.
 */
async function copyFolder(from: string, to: string): Promise<void> {
  const files = await listAndMakeFolders(from, to);
  const copier = async () => {
    for (let file = files.pop(); file !== undefined; file = files.pop()) {
      await fsp.copyFile(path.join(from, file), path.join(to, file));
    }
  };
  await Promise.all([copier(), copier()]);
}

/**
 * Copies a cluster folder (about 40 MB in a thousand files) to `dataDir`, through a folder beside
 * it: a start stopped half-way leaves no half-copied cluster behind (the next start copies again).
 */
async function copyCluster(template: string, dataDir: string) {
  const partial = `${dataDir}.partial`;
  await fsp.rm(partial, { recursive: true, force: true });
  await copyFolder(template, partial);
  await fsp.rm(dataDir, { recursive: true, force: true });
  await fsp.rename(partial, dataDir);
}

/**
 * Opens PGlite: in memory when dataDir is undefined, else under dataDir. Migrations applied.
 * A fresh dataDir starts from `template` when given: a cluster folder, copied when dataDir is
 * missing or empty (the build's dist/pglite-template: initdb'd, migrated and seeded, see
 * pglite-template.ts), or a tarball from dumpDataDir, unpacked by PGlite; either is much faster
 * than initdb and every migration. An in-memory database starts from `snapshot` when given (a migrated cluster, see
 * migratedPgliteSnapshot: the test suite's way to skip initdb and the migrations per file).
 */
export async function openPglite(
  dataDir?: string,
  options: { template?: string; snapshot?: Uint8Array } = {},
): Promise<DatabaseHandle> {
  let loadDataDir: Blob | undefined;
  const fresh = dataDir !== undefined && !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  if (dataDir === undefined && options.snapshot) {
    loadDataDir = new Blob([options.snapshot as Uint8Array<ArrayBuffer>]);
  } else if (dataDir && fresh && options.template && fs.existsSync(options.template)) {
    if (!fs.statSync(options.template).isDirectory()) {
      loadDataDir = new Blob([fs.readFileSync(options.template)]);
    } else if (isEmptyOrMissing(dataDir)) await copyCluster(options.template, dataDir);
  }
  const client = serialise(await PGlite.create({ dataDir, loadDataDir, extensions, startParams }));
  const db = drizzle(client, { schema }) as unknown as Database;
  if (!(await hasEveryMigration(db))) await migrate(drizzle(client), { migrationsFolder });
  return {
    db,
    kind: "pglite",
    notifier: inProcessNotifier(),
    executeSql: async (text, values) => {
      // PGlite's query() takes one statement; pg-boss creates its schema with several in one text
      // and no parameters, which exec() runs (its last result answers).
      if (values && values.length > 0) {
        return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    vacuumAnalyze: async () => {
      await client.exec("VACUUM ANALYZE");
    },
    close: () => client.close(),
  };
}

/** An in-memory cluster with every migration applied, as a tarball openPglite's `snapshot` takes. */
export async function migratedPgliteSnapshot(): Promise<Uint8Array> {
  const client = await PGlite.create({ extensions, startParams });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir("none");
    return new Uint8Array(await dump.arrayBuffer());
  } finally {
    await client.close();
  }
}
