// The super admin connects an LMS (LTI 1.3) on Administration → LMS: the screen shows what the LMS's
// administrator enters (the tool's addresses, Canvas's developer key JSON to download); the super
// admin adds the platform the LMS gave back, sees it listed, edits its deployment IDs, rotates the
// tool's signing key and deletes the platform, at 1280 and 390 px, with no serious axe issue on the
// page or in a dialog.

import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { LTI_MESSAGES } from "../src/shared/schemas/lti.ts";
import {
  bearer,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  PHONE,
  signInToDashboard,
  test,
} from "./fixtures.ts";

const tag = randomBytes(3).toString("hex");
const platform = {
  issuer: "https://canvas.instructure.com",
  clientId: `1000000000${tag}`,
  authLoginUrl: "https://sso.canvaslms.com/api/lti/authorize_redirect",
  authTokenUrl: "https://sso.canvaslms.com/login/oauth2/token",
  keysetUrl: "https://sso.canvaslms.com/api/lti/security/jwks",
  institution: `University of Testing ${tag}`,
};

// The platform is the run's: whatever happened, the other specs meet no leftover of it.
test.afterAll(async ({ playwright, superAdmin }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const listed = await request.get("/api/admin/lti/platforms", { headers: bearer(superAdmin.sessionId) });
    const { platforms } = (await listed.json()) as { platforms: Array<{ id: string; clientId: string }> };
    for (const leftover of platforms.filter((candidate) => candidate.clientId === platform.clientId)) {
      await request.delete(`/api/admin/lti/platforms/${leftover.id}`, {
        headers: bearer(superAdmin.sessionId),
      });
    }
  } finally {
    await request.dispose();
  }
});

/** The page at the desktop's and the phone's width: no sideways scrolling, no serious axe issue. */
async function expectFitsBothWidths(page: Page, what: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page, what);
    await expectNoSeriousA11yViolations(page);
  }
}

test("the super admin registers an LMS platform, edits it, rotates the key and deletes it", async ({
  page,
  superAdmin,
}) => {
  test.setTimeout(90_000);
  const card = page
    .getByRole("list", { name: "Platforms" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: platform.institution }) });
  const platformName = `${platform.institution}'s platform`;

  await test.step("the screen shows what the LMS needs", async () => {
    await signInToDashboard(page, superAdmin.user);
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "LMS", exact: true })
      .click();
    await expect(page).toHaveURL(/\/admin\/lms$/);
    await expect(page.getByRole("heading", { name: "What your LMS needs" })).toBeVisible();
    const origin = new URL(page.url()).origin;
    for (const [label, path] of [
      ["Tool JWKS URL", "/lti/jwks"],
      ["Login URL (OpenID Connect initiation)", "/lti/login"],
      ["Launch / redirect URL", "/lti/launch"],
    ] as const) {
      await expect(page.getByRole("textbox", { name: label, exact: true })).toHaveValue(`${origin}${path}`);
      await expect(page.getByRole("button", { name: `Copy ${label}`, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("textbox", { name: "Deep linking URL" })).toHaveValue(/\/lti\//);
    const json = page.getByRole("region", { name: "Canvas configuration (JSON)" });
    await expect(json).toContainText(`"oidc_initiation_url": "${origin}/lti/login"`);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download Canvas configuration" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("pivot-and-launch-canvas.json");
    const saved = JSON.parse(await fs.readFile(await download.path(), "utf8")) as Record<string, unknown>;
    expect(saved).toMatchObject({
      public_jwk_url: `${origin}/lti/jwks`,
      target_link_uri: `${origin}/lti/launch`,
    });
    await expectFitsBothWidths(page, "the LMS screen");
  });

  await test.step("the super admin adds the platform the LMS gave back", async () => {
    await page.setViewportSize(DESKTOP);
    await page.getByRole("button", { name: "Add platform" }).click();
    const dialog = page.getByRole("dialog", { name: "Add platform" });
    // The shared schema's messages show by their fields before anything is sent.
    await dialog.getByRole("button", { name: "Add platform" }).click();
    await expect(dialog.getByText("Add at least one deployment ID")).toBeVisible();
    await expect(dialog.getByLabel("Issuer")).toBeFocused();
    await expectFitsBothWidths(page, "the platform dialog");

    await page.setViewportSize(DESKTOP);
    await dialog.getByLabel("Issuer").fill(platform.issuer);
    await dialog.getByLabel("Client ID").fill(platform.clientId);
    await dialog.getByLabel("Authentication request URL").fill(platform.authLoginUrl);
    await dialog.getByLabel("Access token URL").fill(platform.authTokenUrl);
    await dialog.getByLabel("Keyset URL").fill(platform.keysetUrl);
    await dialog.getByLabel("Deployment IDs").fill("1:first-installation\n2:second-installation");
    await dialog.getByLabel("Institution").fill(platform.institution);
    await dialog.getByRole("button", { name: "Add platform" }).click();
    await expect(dialog).toHaveCount(0);

    await expect(card).toContainText(platform.issuer);
    await expect(card).toContainText(platform.clientId);
    await expect(card).toContainText("1:first-installation");
    await expect(card).toContainText("2:second-installation");
  });

  await test.step("the same issuer and client ID again is refused above the form", async () => {
    await page.getByRole("button", { name: "Add platform" }).click();
    const dialog = page.getByRole("dialog", { name: "Add platform" });
    await dialog.getByLabel("Issuer").fill(platform.issuer);
    await dialog.getByLabel("Client ID").fill(platform.clientId);
    await dialog.getByLabel("Authentication request URL").fill(platform.authLoginUrl);
    await dialog.getByLabel("Access token URL").fill(platform.authTokenUrl);
    await dialog.getByLabel("Keyset URL").fill(platform.keysetUrl);
    await dialog.getByLabel("Deployment IDs").fill("3:another");
    await dialog.getByLabel("Institution").fill("Someone Else");
    await dialog.getByRole("button", { name: "Add platform" }).click();
    await expect(dialog.getByText(LTI_MESSAGES.platformTaken)).toBeVisible();
    // The refusal keeps the focus in the dialog (on its button), so the keyboard carries on there.
    await expect(dialog.getByRole("button", { name: "Add platform" })).toBeFocused();
    // (Escape would first dismiss the "Platform added" notice still showing from the last step.)
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
  });

  await test.step("the super admin edits the deployment IDs, with the keyboard", async () => {
    const edit = card.getByRole("button", { name: `Edit ${platformName}` });
    await edit.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Edit ${platformName}` });
    await expect(dialog.getByLabel("Deployment IDs")).toHaveValue(
      "1:first-installation\n2:second-installation",
    );
    await dialog.getByLabel("Deployment IDs").fill("9:only-installation");
    await dialog.getByLabel("Deployment IDs").press("Tab");
    await expect(dialog.getByLabel("Institution")).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Save changes" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(card).toContainText("9:only-installation");
    await expect(card).not.toContainText("1:first-installation");
    await expect(edit).toBeFocused();
    await expectFitsBothWidths(page, "the platforms list");
  });

  await test.step("the super admin rotates the signing key", async () => {
    await page.setViewportSize(DESKTOP);
    await page.getByRole("button", { name: "Rotate signing key" }).click();
    const dialog = page.getByRole("dialog", { name: "Rotate the signing key?" });
    await expect(dialog).toContainText("stays published at the JWKS URL for 7 days");
    await expectFitsBothWidths(page, "the rotation dialog");
    await dialog.getByRole("button", { name: "Rotate signing key" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The tool now signs with key" })).toContainText(
      "The old key stays published for 7 days",
    );
  });

  await test.step("the super admin deletes the platform", async () => {
    await page.setViewportSize(DESKTOP);
    await card.getByRole("button", { name: `Delete ${platformName}` }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${platformName}?` });
    await expectFitsBothWidths(page, "the delete dialog");
    await dialog.getByRole("button", { name: "Delete platform" }).click();
    await expect(card).toHaveCount(0);
  });
});
