// A visitor signed out loads a light sign-in page: under 100 KB on the wire, nothing it does not
// show, and the shared schema only once the form is used.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Response } from "@playwright/test";
import { DEFAULT_TEMPLATE_ICON, DISCIPLINE_LABELS } from "../src/shared/constants.ts";
import { CONTRIBUTION_MESSAGES } from "../src/shared/schemas/contributions.ts";
import { CONVERSION_MESSAGES } from "../src/shared/schemas/conversions.ts";
import { SETTINGS_MESSAGES } from "../src/shared/schemas/settings.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures.ts";
import {
  formatTransfer,
  measurePageTransfer,
  SIGN_IN_TRANSFER_BUDGET,
  signInPageShown,
} from "./page-transfer.ts";

// Sizes are deterministic for a given build, so the budget
// is a plain comparison. What a page loads is recognised by texts that survive minification; each
// is first shown to be in the build, so a marker that stops matching anything fails here instead of
// passing quietly.

const builtAssets = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "dist",
  "client",
  "assets",
);

/** A message of src/shared/schemas/auth.ts: the forms load it when they are first used. */
const AUTH_SCHEMA_MARKER = "Please enter a valid email address";

/** Code the signed-out page must not load, each with a text only that code contains. */
const NOT_FOR_THE_SIGN_IN_PAGE: Record<string, string> = {
  "the product's constants (src/shared/constants.ts)": DISCIPLINE_LABELS["environmental-science"],
  "the template constants (src/shared/constants.ts)": DEFAULT_TEMPLATE_ICON,
  "the project schemas (src/shared/schemas/projects.ts)": "Title must be at least 3 characters",
  "the template schemas (src/shared/schemas/templates.ts)": "Add at least one project phase",
  "the contribution schemas (src/shared/schemas/contributions.ts)": CONTRIBUTION_MESSAGES.received,
  "the converter schemas (src/shared/schemas/conversions.ts)": CONVERSION_MESSAGES.rating,
  "the settings schemas (src/shared/schemas/settings.ts)": SETTINGS_MESSAGES.keyTooShort,
  "the integration schemas (src/shared/schemas/integrations.ts)": "A setting must be at most 500 characters",
  "the shared text schema (src/shared/schemas/common.ts)": "contains a character that cannot be saved",
  "the sign-in and registration schemas (src/shared/schemas/auth.ts)": AUTH_SCHEMA_MARKER,
  zod: "$ZodType",
  "React Query": "observerResultsUpdated",
  "react-hook-form": "shouldFocusError",
  "the dialogs (Radix Dialog)": "DialogContent",
  "the signed-in app (navigation)": "Cognitive Load Analytics",
};

function builtScripts(): string[] {
  return fs
    .readdirSync(builtAssets)
    .filter((name) => name.endsWith(".js"))
    .map((name) => fs.readFileSync(path.join(builtAssets, name), "utf8"));
}

/** The (decoded) text of every script the page receives from now on. */
function collectScripts(page: import("@playwright/test").Page) {
  const scripts: Promise<{ url: string; text: string }>[] = [];
  page.on("response", (response: Response) => {
    if (response.request().resourceType() === "script") {
      scripts.push(response.text().then((text) => ({ url: response.url(), text })));
    }
  });
  return () => Promise.all(scripts);
}

test("the signed-out page transfers less than 100 KB and loads nothing it does not show", async ({
  page,
}) => {
  const all = builtScripts().join("\n");
  for (const [what, marker] of Object.entries(NOT_FOR_THE_SIGN_IN_PAGE)) {
    expect(all.includes(marker), `the build holds ${what} ("${marker}")`).toBe(true);
  }

  const scripts = collectScripts(page);
  const transfer = await measurePageTransfer(page, "/", { ready: signInPageShown });
  const report = formatTransfer(transfer);
  console.log(`What Chromium transferred to show / signed out:\n${report}`);

  expect(transfer.acceptEncoding, "Chromium's own Accept-Encoding").toContain("br");
  expect(transfer.totalBytes, `bodies and headers of every response\n${report}`).toBeLessThan(
    SIGN_IN_TRANSFER_BUDGET,
  );
  for (const file of transfer.files) {
    expect(file.status, file.path).toBe(200);
    if (file.bodyBytes >= 1024) expect(file.encoding, `${file.path} is sent compressed`).not.toBe("identity");
  }

  const loaded = await scripts();
  for (const [what, marker] of Object.entries(NOT_FOR_THE_SIGN_IN_PAGE)) {
    const holders = loaded.filter((script) => script.text.includes(marker)).map((script) => script.url);
    expect(holders, `the signed-out page loaded ${what} ("${marker}")`).toEqual([]);
  }

  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the sign-in form loads the shared schema when a person starts filling it in", async ({ page }) => {
  await page.goto("/");
  await signInPageShown(page);
  const schema = page.waitForResponse(
    async (response) =>
      response.request().resourceType() === "script" && (await response.text()).includes(AUTH_SCHEMA_MARKER),
  );
  await page.getByLabel("Email", { exact: true }).focus();
  await schema;

  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText(AUTH_SCHEMA_MARKER)).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
});
