import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { onTestFinished, vi } from "vitest";
import { buildApp } from "../app.ts";
import { type AppConfig, loadConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

const TEST_APP_SECRET = "test-app-secret-used-only-by-the-test-suite-0123456789";

export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

export function createTestClock(start = new Date("2026-09-01T09:00:00Z")): TestClock {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms) => (current += ms) };
}

/**
 * Moves time on by `ms` for the app (its clock) and for its rate limits, whose windows
 * rate-limiter-flexible keeps on the system clock: Date is faked, and made real again when the
 * test ends.
 */
export function passTime(clock: TestClock, ms: number) {
  clock.advance(ms);
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + ms });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

/** Config overrides of a test; rate limits are merged into the test defaults one by one. */
export type TestConfigOverrides = Partial<Omit<AppConfig, "rateLimit">> & {
  rateLimit?: Partial<AppConfig["rateLimit"]>;
};

let objectFolders = 0;

export function testConfig({ rateLimit, ...overrides }: TestConfigOverrides = {}): AppConfig {
  const base = loadConfig({ DATA_DIR: "/tmp/pl-unused-test-dir", LOG_LEVEL: "silent" });
  objectFolders += 1;
  return {
    ...base,
    // Uploaded files of this app only (the folder is made on the first upload, removed on close).
    storage: { kind: "disk", dir: path.join(os.tmpdir(), `pl-test-objects-${process.pid}-${objectFolders}`) },
    clientDir: "/nonexistent-client-build",
    appSecret: TEST_APP_SECRET,
    ...overrides,
    // High enough that only a test about a limit meets one.
    rateLimit: {
      ...base.rateLimit,
      perAddressPerMinute: 10_000,
      contributionsPerMinute: 10_000,
      linkLookupsPerMinute: 10_000,
      ...rateLimit,
    },
  };
}

/** A built app on a fresh database. `close` ends both. */
export async function createTestApp(
  options: { config?: TestConfigOverrides; clock?: TestClock; database?: DatabaseHandle } = {},
) {
  const database: TestDatabase = options.database ?? (await createTestDatabase());
  const clock = options.clock ?? createTestClock();
  const config = testConfig(options.config);
  const app = await buildApp({ database, config, now: clock.now, logger: false });
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
      if (!options.config?.storage && config.storage.kind === "disk") {
        fs.rmSync(config.storage.dir, { recursive: true, force: true });
      }
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
