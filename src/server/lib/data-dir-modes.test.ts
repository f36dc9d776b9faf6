import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  cleanUpServers,
  nextPort,
  notOwnerOnly,
  startServer as start,
  tempDataDir,
} from "../test/server-process.ts";

/** DATA_DIR's modes and the secret's place, on a real server process (defect 8 of the security probe). */
afterAll(cleanUpServers);

describe.skipIf(process.env.TEST_DB === "postgres")("DATA_DIR on disk", () => {
  it("defect 8: keeps DATA_DIR owner-only, repairs an older folder, and reads the secret from APP_SECRET_FILE", async () => {
    const dataDir = tempDataDir();
    // An older folder, as an earlier version left it: world-readable and -writable.
    fs.chmodSync(dataDir, 0o777);
    fs.mkdirSync(path.join(dataDir, "objects"), { mode: 0o777 });
    fs.writeFileSync(path.join(dataDir, "objects", "upload.pdf"), "%PDF-1.4", { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, "objects"), 0o777);
    fs.chmodSync(path.join(dataDir, "objects", "upload.pdf"), 0o666);
    const secretDir = tempDataDir();
    const secretFile = path.join(secretDir, "keys", "pl-secret");

    const port = nextPort();
    const server = start({ PORT: String(port), DATA_DIR: dataDir, APP_SECRET_FILE: secretFile });
    await server.listening();
    expect(notOwnerOnly(dataDir)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, "secret.key"))).toBe(false);
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(secretFile, "utf8").length).toBeGreaterThanOrEqual(32);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const inside = start({ PORT: String(port), DATA_DIR: dataDir, APP_SECRET_FILE: path.join(dataDir, "s") });
    expect(await inside.exited).toBe(1);
    expect(inside.output().stderr.trim()).toMatch(
      /^Invalid configuration: APP_SECRET_FILE must be outside DATA_DIR/,
    );
  }, 120_000);
});
