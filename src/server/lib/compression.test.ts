import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { ResolvedConfig } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressAssets } from "../../../vite.compress-assets.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

// The build writes brotli and gzip copies of the client's files, the server sends
// the one the browser accepts, hashed assets are cached for a year and index.html is not; JSON
// answers above 1 KB are compressed on the fly.

let t: TestApp;
let clientDir: string;
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-client-"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.writeFileSync(path.join(clientDir, "index.html"), `<!doctype html><title>x</title>${" ".repeat(2000)}`);
  fs.writeFileSync(path.join(clientDir, "assets", "index-abc123.js"), script);
  fs.writeFileSync(path.join(clientDir, "assets", "tiny-abc123.js"), "export {};\n");
  // The build's own step, run on this folder as vite runs it after a build.
  const plugin = compressAssets() as unknown as {
    configResolved(config: Pick<ResolvedConfig, "root" | "build">): void;
    closeBundle(): Promise<void>;
  };
  plugin.configResolved({ root: clientDir, build: { outDir: "." } as ResolvedConfig["build"] });
  await plugin.closeBundle();
  t = await createTestApp({ config: { clientDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url,
    headers: { ...headers, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
  });

describe("compressed answers", () => {
  it("writes brotli and gzip copies of the build's files, and leaves small ones alone", () => {
    const file = path.join(clientDir, "assets", "index-abc123.js");
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(fs.existsSync(path.join(clientDir, "assets", "tiny-abc123.js.br"))).toBe(false);
  });

  it("sends an asset as brotli or gzip as the browser accepts, cached for a year", async () => {
    const brotli = await get("/assets/index-abc123.js", "gzip, deflate, br");
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await get("/assets/index-abc123.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get("/assets/index-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("never lets index.html be reused without asking, at / and at a screen's address", async () => {
    for (const url of ["/", "/dashboard"]) {
      const page = await get(url, "br");
      expect(page.statusCode).toBe(200);
      expect(page.headers["cache-control"]).toBe("no-cache");
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
    }
  });

  it("compresses JSON answers above 1 KB, not the small ones", async () => {
    const large = await get("/api/docs", "br");
    expect(large.statusCode).toBe(200);
    expect(large.headers["content-encoding"]).toBe("br");
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(zlib.brotliDecompressSync(large.rawPayload).toString());
    expect(Object.keys(document.paths).length).toBeGreaterThan(20);

    const small = await get("/api/health", "br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toEqual({ status: "ok" });
  });
});
