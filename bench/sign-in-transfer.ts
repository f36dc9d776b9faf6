// What Chromium transfers to show "/" to someone signed out (under 100 KB compressed).
// `npm run bench` calls measureSignInTransfer on its running server. Alone, after a build:
//
//   node scripts/ensure-build.mjs && npx tsx bench/sign-in-transfer.ts
//
// starts the built server on a fresh DATA_DIR and a free port and prints every file.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import {
  formatTransfer,
  measurePageTransfer,
  type PageTransfer,
  SIGN_IN_TRANSFER_BUDGET,
  signInPageShown,
} from "../e2e/page-transfer.ts";
import {
  BenchError,
  freePort,
  installCleanupHandlers,
  makeTempDir,
  removeTempDir,
  startProcess,
  stopProcess,
  waitForOk,
} from "./processes.ts";

/** Opens `${baseUrl}/` in a fresh Chromium (nothing cached, nobody signed in); undefined without Chromium. */
export async function measureSignInTransfer(baseUrl: string): Promise<PageTransfer | undefined> {
  if (!fs.existsSync(CHROMIUM_PATH)) return undefined;
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    return await measurePageTransfer(page, `${baseUrl}/`, { ready: signInPageShown });
  } finally {
    await browser.close();
  }
}

async function main() {
  installCleanupHandlers();
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const serverEntry = path.join(root, "dist", "server", "index.js");
  if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(root, "dist", "client", "index.html")))
    throw new BenchError("no build: run `node scripts/ensure-build.mjs` first");
  const dataDir = makeTempDir("pl-sign-in-transfer-");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startProcess(
    "the server",
    process.execPath,
    [serverEntry],
    { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "" },
    root,
  );
  try {
    await waitForOk(server, `${baseUrl}/api/health`, performance.now());
    const transfer = await measureSignInTransfer(baseUrl);
    if (!transfer) throw new BenchError(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
    console.log(formatTransfer(transfer));
    const verdict = transfer.totalBytes < SIGN_IN_TRANSFER_BUDGET ? "pass" : "FAIL";
    console.log(`budget ${SIGN_IN_TRANSFER_BUDGET / 1024} KB: ${verdict}`);
    return transfer.totalBytes < SIGN_IN_TRANSFER_BUDGET;
  } finally {
    await stopProcess(server);
    removeTempDir(dataDir);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (ok) => process.exit(ok ? 0 : 1),
    (error: unknown) => {
      console.error(`sign-in transfer: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
