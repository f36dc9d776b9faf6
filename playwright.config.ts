import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/chromium.ts";

// End-to-end tests: the built server on a fresh embedded database, driven through the system
// Chromium (never a downloaded browser). Run through `npm run test:e2e` (scripts/e2e.mjs), which
// checks that Chromium exists first.
//
// Playwright evaluates this file in the runner and again in every worker process. The port and the
// data folder are chosen once, in the runner, and handed to the workers (and the web server) through
// the environment, so every process agrees on them.

/** 5055 when free, else any free port on 127.0.0.1 (asked synchronously of a short child process). */
function pickPort(preferred: number): number {
  const probe = `
    const net = require("node:net");
    const listen = (port, onError) => {
      const server = net.createServer();
      server.once("error", onError);
      server.listen(port, "127.0.0.1", () => {
        const { port: chosen } = server.address();
        server.close(() => process.stdout.write(String(chosen)));
      });
    };
    listen(${preferred}, () => listen(0, (error) => { throw error; }));
  `;
  return Number(execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" }).trim());
}

if (!process.env.PL_E2E_PORT) {
  process.env.PL_E2E_PORT = String(process.env.E2E_PORT ? Number(process.env.E2E_PORT) : pickPort(5055));
}
if (!process.env.PL_E2E_STUB_PORT) {
  process.env.PL_E2E_STUB_PORT = String(pickPort(Number(process.env.PL_E2E_PORT) + 1));
}
if (!process.env.PL_E2E_DATA_DIR) {
  // First evaluation (the runner): a fresh folder, deleted before the server starts and at exit
  // (the web server has been stopped by then).
  const dataDir = path.join(os.tmpdir(), `pl-e2e-${process.pid}`);
  process.env.PL_E2E_DATA_DIR = dataDir;
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

if (!process.env.PL_E2E_SMTP_PORT) {
  process.env.PL_E2E_SMTP_PORT = String(pickPort(Number(process.env.PL_E2E_PORT) + 2));
}
if (!process.env.PL_E2E_MAIL_PORT) {
  process.env.PL_E2E_MAIL_PORT = String(pickPort(Number(process.env.PL_E2E_PORT) + 3));
}

if (!process.env.PL_E2E_LMS_PORT) {
  process.env.PL_E2E_LMS_PORT = String(pickPort(Number(process.env.PL_E2E_PORT) + 4));
}

const port = Number(process.env.PL_E2E_PORT);
const dataDir = process.env.PL_E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;
const stubPort = Number(process.env.PL_E2E_STUB_PORT);
/** The AI provider the app talks to in these tests: a local OpenAI-compatible stub. */
const STUB_BASE_URL = `http://127.0.0.1:${stubPort}/v1`;
/** The mail server the app sends to in these tests, and where specs read what it received. */
const smtpPort = Number(process.env.PL_E2E_SMTP_PORT);
const mailPort = Number(process.env.PL_E2E_MAIL_PORT);
/** The test LMS a spec starts on this port; its course page (on `localhost`, another site) may frame the app. */
const lmsPort = Number(process.env.PL_E2E_LMS_PORT);

export default defineConfig({
  testDir: "e2e",
  // Registers the run's super_admin before any spec (every spec makes the other users it needs).
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: process.env.CI === "true",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: "off",
    screenshot: "only-on-failure",
    video: "off",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: [
    {
      command: "node --import tsx e2e/openai-stub-server.ts",
      url: `${STUB_BASE_URL}/models`,
      // /models answers 401 without a key, which Playwright counts as up
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { PL_E2E_STUB_PORT: String(stubPort) },
    },
    {
      command: "node --import tsx e2e/smtp-capture-server.ts",
      url: `http://127.0.0.1:${mailPort}/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { PL_E2E_SMTP_PORT: String(smtpPort), PL_E2E_MAIL_PORT: String(mailPort) },
    },
    {
      // The built client (ensure-build) and the server exactly as `npm start` runs it.
      command: "node scripts/ensure-build.mjs && node --enable-source-maps dist/server/index.js",
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000, // a first run builds the client
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir ?? "",
        DATABASE_URL: "", // always the embedded database, never a server named in the caller's environment
        AUTH_RATE_LIMIT_PER_MINUTE: "1000",
        CONTRIBUTION_RATE_LIMIT_PER_MINUTE: "1000", // tests seed more than a class sends in a minute
        LOG_LEVEL: "warn",
        OPENAI_BASE_URL: STUB_BASE_URL,
        OPENAI_API_KEY: "", // conversions without a key use the template unless a test saves one
        OPENAI_MODEL: "stub-model-1",
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Pivot & Launch <pbl@e2e.example.edu>",
        // The course page (localhost) frames the app; the deep-linking return is on the issuer (127.0.0.1).
        LMS_ORIGINS: `http://localhost:${lmsPort} http://127.0.0.1:${lmsPort}`,
      },
    },
  ],
});
