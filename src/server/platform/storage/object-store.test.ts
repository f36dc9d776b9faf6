import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "../../test/s3-server.ts";
import { createDiskStore } from "./disk-store.ts";
import { isObjectKey, type ObjectStore } from "./object-store.ts";
import { createS3Store } from "./s3-store.ts";

/** A stream of `size` bytes in 64 KiB chunks, made as it is read (never whole in memory). */
function generated(size: number, failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error("the check inside the stream refused it"));
        return;
      }
      if (sent >= size) return this.push(null);
      const chunk = Buffer.alloc(Math.min(65536, size - sent), sent % 251);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

interface Backend {
  store: ObjectStore;
  /** Every key the back end holds, temporary ones included. */
  keys: () => string[];
  close: () => Promise<void>;
}

/** The same contract, run on both back ends. */
const backends: Record<string, () => Promise<Backend>> = {
  disk: async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-objects-"));
    return {
      store: createDiskStore(dir),
      keys: () =>
        (fs.readdirSync(dir, { recursive: true }) as string[])
          .filter((name) => fs.statSync(path.join(dir, name)).isFile())
          .map((name) => name.split(path.sep).join("/")),
      close: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  },
  s3: async () => {
    const server = await startS3Server();
    const store = createS3Store(server.storage);
    return {
      store,
      keys: server.keys,
      close: async () => {
        await store.close();
        await server.close();
      },
    };
  },
};

for (const [name, start] of Object.entries(backends)) {
  describe(`object store on ${name}`, () => {
    let backend: Backend;
    beforeAll(async () => {
      backend = await start();
    });
    afterAll(async () => backend?.close());

    it("stores a stream and gives the same bytes back, whole and by range", async () => {
      const bytes = randomBytes(300_000);
      const { size } = await backend.store.put(
        "uploads/abc-1",
        Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
      );
      expect(size).toBe(300_000);
      expect(await backend.store.head("uploads/abc-1")).toEqual({ size: 300_000 });
      const whole = await backend.store.get("uploads/abc-1");
      expect(Buffer.compare(await buffer(whole as Readable), bytes)).toBe(0);
      const part = await backend.store.get("uploads/abc-1", { start: 10, end: 19 });
      expect(Buffer.compare(await buffer(part as Readable), bytes.subarray(10, 20))).toBe(0);
    });

    it("streams a body larger than one multipart part", async () => {
      const { size } = await backend.store.put("uploads/big-1", generated(12 * 1024 * 1024 + 5));
      expect(size).toBe(12 * 1024 * 1024 + 5);
      expect(await backend.store.head("uploads/big-1")).toEqual({ size: 12 * 1024 * 1024 + 5 });
      const tail = await backend.store.get("uploads/big-1", {
        start: 12 * 1024 * 1024,
        end: 12 * 1024 * 1024 + 4,
      });
      expect((await buffer(tail as Readable)).length).toBe(5);
      await backend.store.delete("uploads/big-1");
    }, 60_000);

    it("leaves nothing behind when the stream fails midway", async () => {
      const before = backend.keys();
      await expect(
        backend.store.put("uploads/failed-1", generated(20 * 1024 * 1024, 7 * 1024 * 1024)),
      ).rejects.toThrow(/refused/);
      expect(await backend.store.head("uploads/failed-1")).toBeNull();
      expect(backend.keys()).toEqual(before);
    }, 60_000);

    it("leaves nothing behind when the stream fails before its first byte", async () => {
      const before = backend.keys();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const failing = new Readable({
          read() {
            this.destroy(new Error("refused at once"));
          },
        });
        await expect(backend.store.put(`uploads/at-once-${attempt}`, failing)).rejects.toThrow(
          /refused at once/,
        );
      }
      expect(backend.keys()).toEqual(before);
    });

    it("answers null for a missing object and deletes without complaint", async () => {
      expect(await backend.store.head("uploads/none")).toBeNull();
      expect(await backend.store.get("uploads/none")).toBeNull();
      await backend.store.put("uploads/gone-1", Readable.from([Buffer.from("x")]));
      await backend.store.delete("uploads/gone-1");
      await backend.store.delete("uploads/gone-1");
      expect(await backend.store.head("uploads/gone-1")).toBeNull();
    });

    it("refuses keys that could leave its folder", async () => {
      await expect(backend.store.put("../escape", Readable.from([Buffer.from("x")]))).rejects.toThrow(
        /Invalid object key/,
      );
      await expect(backend.store.get("uploads/../../etc/passwd")).rejects.toThrow(/Invalid object key/);
    });
  });
}

describe("object keys", () => {
  it("accepts lowercase path segments and refuses traversal and odd characters", () => {
    expect(isObjectKey("uploads/0b7c-11")).toBe(true);
    for (const key of ["", "/abs", "a//b", "a/../b", "..", "A/b", "a b", "a\\b", "a/./b"]) {
      expect(isObjectKey(key)).toBe(false);
    }
  });
});
