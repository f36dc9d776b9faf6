// Screenshots of screens as a person sees them, at 1280 px and 390 px wide, for looking at what
// was built (the developers' guide: "open the PNG with your file viewer"). A fresh server on a
// temporary DATA_DIR, its first account (the Super Admin) signed in, one project made through the
// API so that project screens have something to show; full-page PNGs into the output folder.
//
//   node scripts/ensure-build.mjs && npx tsx scripts/screenshots.ts <out-folder> /path [/path ...]
//
// A path may name the project made here as :project (for example /projects/:project).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { installCleanupHandlers, makeTempDir, removeTempDir, stopProcess } from "../bench/processes.ts";
import { firstAccount, postJson, startServer } from "../bench/server.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { buildProjectInput } from "../src/server/test/factories.ts";
import { SESSION_STORAGE_KEYS } from "../src/shared/account.ts";

const WIDTHS = [
  { name: "1280", width: 1280, height: 800 },
  { name: "390", width: 390, height: 844 },
];

const [outFolder, ...paths] = process.argv.slice(2);
if (!outFolder || paths.length === 0) {
  process.stderr.write("usage: npx tsx scripts/screenshots.ts <out-folder> /path [/path ...]\n");
  process.exit(2);
}

installCleanupHandlers();
fs.mkdirSync(outFolder, { recursive: true });
const dataDir = makeTempDir("pl-screenshots-");
const { server, baseUrl } = await startServer(dataDir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const session = await firstAccount(baseUrl);
  const project = await postJson(
    `${baseUrl}/api/projects`,
    buildProjectInput({ title: "Coastal Erosion Field Study" }),
    session.headers,
  );
  const projectId = (project.json as { id?: number } | undefined)?.id;
  if (projectId === undefined)
    throw new Error(`making the project answered ${project.status}: ${project.text}`);
  for (const size of WIDTHS) {
    const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
    await page.goto(baseUrl);
    await page.evaluate(
      ({ keys, stored }) => {
        localStorage.setItem(keys.sessionId, stored.sessionId);
        localStorage.setItem(keys.faculty, JSON.stringify(stored.faculty));
      },
      { keys: SESSION_STORAGE_KEYS, stored: session },
    );
    for (const screenPath of paths) {
      const resolved = screenPath.replace(":project", String(projectId ?? ""));
      await page.goto(`${baseUrl}${resolved}`);
      await page.waitForLoadState("networkidle");
      const file = path.join(
        outFolder,
        `${resolved.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-") || "root"}-${size.name}.png`,
      );
      await page.screenshot({ path: file, fullPage: true });
      process.stdout.write(`${file}\n`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await stopProcess(server);
  removeTempDir(dataDir);
}
