import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { OWNER_ONLY } from "../../lib/data-dir-modes.ts";
import { assertObjectKey, type ByteRange, type ObjectStore } from "./object-store.ts";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/**
 * Files under one folder (DATA_DIR/objects), owner-only. A body is written to a temporary file in
 * `.partial/` and renamed into place once complete, so a failed or cut-off upload never shows
 * under its key, and its temporary file is removed.
 */
export function createDiskStore(dir: string): ObjectStore {
  const root = path.resolve(dir);
  const partial = path.join(root, ".partial");
  const fileOf = (key: string) => {
    assertObjectKey(key);
    return path.join(root, ...key.split("/"));
  };

  return {
    kind: "disk",
    async put(key, body) {
      const target = fileOf(key);
      await fs.promises.mkdir(partial, { recursive: true, mode: OWNER_ONLY.folder });
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: OWNER_ONLY.folder });
      const temporary = path.join(partial, randomUUID());
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      const out = fs.createWriteStream(temporary, { mode: OWNER_ONLY.file, flags: "wx" });
      try {
        await pipeline(body, count, out);
        await fs.promises.rename(temporary, target);
      } catch (error) {
        // A stream that failed at once may still be opening its file: remove it once closed.
        if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
      return { size };
    },
    async head(key) {
      try {
        const stat = await fs.promises.stat(fileOf(key));
        return stat.isFile() ? { size: stat.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async get(key, range?: ByteRange) {
      try {
        const handle = await fs.promises.open(fileOf(key), "r");
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async close() {},
  };
}
