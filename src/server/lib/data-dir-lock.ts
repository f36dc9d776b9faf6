import fs from "node:fs";
import path from "node:path";
import { OWNER_ONLY } from "./data-dir-modes.ts";

export class DataDirLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive lock on DATA_DIR. PGlite does not lock its folder, and two processes on one
 * folder silently lose committed rows, so a second start must stop at once. The lock file holds
 * the owner's pid; a lock left by a process that no longer runs (a crash) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY.folder });
  const lockPath = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another Pivot & Launch server (pid ${owner}). Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}; another server may be starting.`);
}
