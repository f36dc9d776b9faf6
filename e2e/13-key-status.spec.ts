import type { Locator, Page } from "@playwright/test";
import {
  createApprovedUserViaApi,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  PHONE,
  signInViaUi,
  test,
} from "./fixtures.ts";

// Issue 13, item 4: the personal key's badge says what the last Test Key found and when, across
// reloads; a provider out of reach is not a refused key. The AI provider is the local stub
// (src/server/test/openai-stub.ts): keys with "invalid" are refused, keys with "unreachable" get
// their connection dropped.

const TESTED = (outcome: "Valid" | "Invalid") =>
  new RegExp(`^${outcome} \\(tested [A-Z][a-z]{2} \\d{1,2}, \\d{4}, .+\\)$`);

async function saveKey(page: Page, card: Locator, apiKey: string) {
  await card.getByLabel(/API Key$/).fill(apiKey);
  await card.getByRole("button", { name: "Save Key" }).click();
  await expect(page.getByText("OpenAI API key updated successfully", { exact: true }).first()).toBeVisible();
}

test("the AI key badge shows the saved key's last test, and tells a refused key from an unreachable provider", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await signInViaUi(page, instructor.email, instructor.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Personal OpenAI API Key" });
  const badge = card.getByRole("status");
  await expect(badge).toHaveText("Not Configured");

  // A key the provider refuses: saved, not tested; then Invalid with its time, also after a reload.
  await saveKey(page, card, "sk-stub-invalid-saved-key-0001");
  await expect(badge).toHaveText("Saved, not tested");
  await page.reload();
  await expect(badge).toHaveText("Saved, not tested");
  await expectNoSeriousA11yViolations(page);
  await card.getByRole("button", { name: "Test Key" }).click();
  await expect(page.getByText("Invalid API Key", { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText("The API key is not valid or has expired", { exact: true }).first(),
  ).toBeVisible();
  await expect(badge).toHaveText(TESTED("Invalid"));
  await page.reload();
  await expect(badge).toHaveText(TESTED("Invalid"));
  await expectNoSeriousA11yViolations(page);

  // A provider out of reach says nothing about the key: a clear message, and the badge stays.
  await saveKey(page, card, "sk-stub-unreachable-saved-key-01");
  await expect(badge).toHaveText("Saved, not tested");
  await card.getByRole("button", { name: "Test Key" }).click();
  await expect(page.getByText("Provider Unreachable", { exact: true }).first()).toBeVisible();
  await expect(
    page
      .getByText("Could not reach the AI provider to check the key. Please try again later.", { exact: true })
      .first(),
  ).toBeVisible();
  await expect(page.getByText("Invalid API Key", { exact: true })).toHaveCount(0);
  await expect(badge).toHaveText("Saved, not tested");
  await page.reload();
  await expect(badge).toHaveText("Saved, not tested");

  // A working key: Valid with its time, also after a reload.
  await saveKey(page, card, "sk-stub-working-saved-key-0001");
  await expect(badge).toHaveText("Saved, not tested");
  await card.getByRole("button", { name: "Test Key" }).click();
  await expect(page.getByText("API key is valid and working!", { exact: true }).first()).toBeVisible();
  await expect(badge).toHaveText(TESTED("Valid"));
  await page.reload();
  await expect(badge).toHaveText(TESTED("Valid"));
  await expectNoSeriousA11yViolations(page);

  // A phone-sized screen: the longest badge fits.
  await page.setViewportSize(PHONE);
  await expect(badge).toHaveText(TESTED("Valid"));
  await expectNoSidewaysScroll(page);
  const box = await badge.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  // The badge goes under the title rather than squeezing it into a narrow column.
  const description = await card.getByText("Saving does not check the key", { exact: false }).boundingBox();
  expect(description?.width).toBeGreaterThan(250);
  await expectNoSeriousA11yViolations(page);
});
