import fs from "node:fs";
import path from "node:path";

/** Owner-only: what DATA_DIR holds (the database, the secret, uploads) is nobody else's to read. */
export const OWNER_ONLY = { folder: 0o700, file: 0o600 } as const;

/**
 * Makes DATA_DIR and everything in it owner-only (folders 0700, files 0600) and says how many
 * modes it changed. PGlite writes its cluster files as 0666 whatever the umask, so start-up
 * repairs the folder after opening the database; files created later follow the process umask
 * (set to 077 by the server). Symbolic links are left alone.
 */
export function secureDataDir(dataDir: string): number {
  fs.mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY.folder });
  let changed = 0;
  const repair = (target: string, wanted: number) => {
    if ((fs.lstatSync(target).mode & 0o777) === wanted) return;
    fs.chmodSync(target, wanted);
    changed += 1;
  };
  const walk = (folder: string) => {
    repair(folder, OWNER_ONLY.folder);
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const target = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(target);
      else if (entry.isFile()) repair(target, OWNER_ONLY.file);
    }
  };
  walk(dataDir);
  return changed;
}
