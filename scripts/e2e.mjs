#!/usr/bin/env node
// End-to-end tests: `playwright test` against the system Chromium (CHROMIUM_PATH, else
// /usr/bin/chromium). Never downloads a browser. Without Chromium the tests are skipped with
// instructions (exit 0), except under CI=true, where a missing browser is a failure (exit 1).
// Extra arguments go to `playwright test` (e.g. `npm run test:e2e -- e2e/student-practises-cards.spec.ts`).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const isCi = process.env.CI === "true";

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

const configured = process.env.CHROMIUM_PATH?.trim();
const candidate = configured || "/usr/bin/chromium";

if (!isExecutable(candidate)) {
  const why = configured
    ? `CHROMIUM_PATH is set to ${configured}, but no executable is there.`
    : "No Chromium found at /usr/bin/chromium (and CHROMIUM_PATH is not set).";
  const lines = [
    `e2e: ${why}`,
    "e2e: The end-to-end tests drive the system Chromium; Playwright's own browser downloads are not used.",
    "e2e: To run them, install Chromium:",
    "e2e:   Debian/Ubuntu:  sudo apt-get install -y chromium",
    "e2e:   elsewhere:      install Chromium or Chrome and set CHROMIUM_PATH=/path/to/the/browser",
  ];
  if (isCi) {
    console.error([...lines, "e2e: FAILED: CI=true and no browser for the end-to-end tests."].join("\n"));
    process.exit(1);
  }
  console.warn([...lines, "SKIPPED end-to-end tests (no Chromium)."].join("\n"));
  process.exit(0);
}

const playwright = path.join(root, "node_modules", ".bin", "playwright");
if (!fs.existsSync(playwright)) {
  console.error("e2e: node_modules/.bin/playwright not found; run `npm install` first.");
  process.exit(1);
}

console.log(`e2e: Chromium at ${candidate}`);
const child = spawn(playwright, ["test", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: candidate, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
});

const forward = (signal) => () => child.kill(signal);
process.on("SIGINT", forward("SIGINT"));
process.on("SIGTERM", forward("SIGTERM"));

child.on("error", (error) => {
  console.error(`e2e: could not run playwright: ${error.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  if (signal) {
    console.error(`e2e: playwright ended by ${signal}`);
    process.exit(1);
  }
  process.exit(code ?? 1);
});
