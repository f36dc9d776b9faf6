// Lighthouse rows of `npm run bench`: performance and accessibility of the
// sign-in page (signed out) and of the dashboard, Project Templates and the Methodology Wizard
// (signed in through the session the client keeps in local storage), with Lighthouse's mobile
// and desktop presets, in the system Chromium. Lighthouse's default throttling is simulated
// (Lantern), so the scores depend on what the pages load, far less on this machine's load.
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { SESSION_STORAGE_KEYS } from "../src/shared/account.ts";

export interface LighthouseScore {
  page: string;
  preset: "mobile" | "desktop";
  performance: number;
  accessibility: number;
  /** First and Largest Contentful Paint, Total Blocking Time (ms), as Lighthouse estimates them. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

export interface LighthousePage {
  name: string;
  path: string;
  signedIn: boolean;
}

export const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { name: "sign-in (/)", path: "/", signedIn: false },
  { name: "Dashboard", path: "/dashboard", signedIn: true },
  { name: "Project Templates", path: "/templates", signedIn: true },
  { name: "Methodology Wizard", path: "/methodology-wizard", signedIn: true },
];

const PRESETS = ["mobile", "desktop"] as const;

/** Scores of every page with both presets; `session` is what the client stores at sign-in. */
export async function lighthouseScores(
  baseUrl: string,
  session: { sessionId: string; faculty: unknown },
  pages: LighthousePage[] = LIGHTHOUSE_PAGES,
): Promise<LighthouseScore[]> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS.filter((arg) => arg !== "--headless"),
    headless: true,
  });
  const scores: LighthouseScore[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(baseUrl);
    // Signed-out pages first, then the session the client would have stored at sign-in.
    const ordered = [...pages].sort((a, b) => Number(a.signedIn) - Number(b.signedIn));
    let signedIn = false;
    for (const target of ordered) {
      if (target.signedIn && !signedIn) {
        await page.goto(baseUrl);
        await page.evaluate(
          (keys, stored) => {
            localStorage.setItem(keys.sessionId, stored.sessionId);
            localStorage.setItem(keys.faculty, JSON.stringify(stored.faculty));
          },
          SESSION_STORAGE_KEYS,
          session,
        );
        signedIn = true;
      }
      for (const preset of PRESETS) {
        const run = () =>
          lighthouse(
            `${baseUrl}${target.path}`,
            {
              logLevel: "error",
              output: "json",
              onlyCategories: ["performance", "accessibility"],
              // Keep the session in local storage between runs.
              disableStorageReset: true,
            },
            preset === "desktop" ? desktopConfig : undefined,
            page,
          );
        let lhr = (await run())?.lhr;
        // On a busy machine the trace is now and then unusable (NO_NAVSTART, NO_FCP): once more.
        if (lhr?.runtimeError) lhr = (await run())?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${target.path}`);
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${target.path}: ${lhr.runtimeError.message}`);
        const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
        scores.push({
          page: target.name,
          preset,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          fcpMs: audit("first-contentful-paint"),
          lcpMs: audit("largest-contentful-paint"),
          tbtMs: audit("total-blocking-time"),
        });
      }
    }
  } finally {
    await browser.close();
  }
  return scores;
}
