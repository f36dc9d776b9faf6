import fs from "node:fs/promises";
import path from "node:path";

/** Owner-only: what DATA_DIR holds (the database, the secret, uploads) is nobody else's to read. */
export const OWNER_ONLY = { folder: 0o700, file: 0o600 } as const;

/**
 * Makes DATA_DIR and everything in it owner-only (folders 0700, files 0600) and says how many
 * modes it changed. PGlite writes its cluster files as 0666 whatever the umask, so start-up
 * repairs the folder after opening the database; files created later follow the process umask
 * (set to 077 by the server). Symbolic links are left alone. Asynchronous, folders in parallel:
 * start-up builds the app meanwhile (the cluster alone is about a thousand files).
 */
export async function secureDataDir(dataDir: string): Promise<number> {
  await fs.mkdir(dataDir, { recursive: true, mode: OWNER_ONLY.folder });
  let changed = 0;
  const repair = async (target: string, wanted: number) => {
    if (((await fs.lstat(target)).mode & 0o777) === wanted) return;
    await fs.chmod(target, wanted);
    changed += 1;
  };
  const walk = async (folder: string): Promise<void> => {
    await repair(folder, OWNER_ONLY.folder);
    const entries = await fs.readdir(folder, { withFileTypes: true });
    await Promise.all(
      entries.map((entry) => {
        const target = path.join(folder, entry.name);
        if (entry.isDirectory()) return walk(target);
        return entry.isFile() ? repair(target, OWNER_ONLY.file) : undefined;
      }),
    );
  };
  await walk(dataDir);
  return changed;
}
