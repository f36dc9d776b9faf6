// Settings: a password change ends the other sessions, the e-mail changes, a person corrects their
// own name, title and department (the institution stays with the administrator; the Profile screen
// is read-only), and saves, tests and removes a personal AI key whose badge says what the last test
// found; the super admin also has the system key.
import type { Locator, Page } from "@playwright/test";
import {
  bearer,
  createApprovedUserViaApi,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  loginViaApi,
  PHONE,
  signInAsNewUser,
  signInToDashboard,
  test,
} from "./fixtures.ts";

// The personal key's badge says what the last Test Key found and when, across
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

// A person corrects their own name, title and department in Settings; the
// institution changes only through an administrator; the Profile screen stays read-only.

test("settings: password change ends the other sessions; e-mail change; no system card for an instructor", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const otherSession = await loginViaApi(request, instructor.email, instructor.password);
  await signInToDashboard(page, instructor);
  await page.goto("/settings");
  await expect(page.getByLabel("Current Email")).toHaveValue(instructor.email);
  await expect(page.getByRole("heading", { name: "System Administration" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const passwordForm = page.getByRole("form", { name: "Change Password" });
  await passwordForm.getByLabel("Current Password").fill("not the password");
  await passwordForm.getByLabel("New Password", { exact: true }).fill("a fresh passphrase");
  await passwordForm.getByLabel("Confirm New Password").fill("a fresh passphrase");
  await passwordForm.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Current password is incorrect", { exact: true }).first()).toBeVisible();

  await passwordForm.getByLabel("Current Password").fill(instructor.password);
  await passwordForm.getByLabel("Confirm New Password").fill("a different one");
  await passwordForm.getByRole("button", { name: "Update Password" }).click();
  await expect(passwordForm.getByText("The new passwords do not match")).toBeVisible();
  await passwordForm.getByLabel("Confirm New Password").fill("a fresh passphrase");
  await passwordForm.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password Updated", { exact: true }).first()).toBeVisible();

  const me = await request.get("/api/auth/me", { headers: bearer(otherSession) });
  expect(me.status()).toBe(401);
  await page.reload();
  await expect(page.getByLabel("Current Email")).toHaveValue(instructor.email);
  await loginViaApi(request, instructor.email, "a fresh passphrase");

  const newEmail = `moved-${instructor.email}`;
  const emailForm = page.getByRole("form", { name: "Change Email" });
  await emailForm.getByLabel("New Email").fill(newEmail);
  await emailForm.getByLabel("Current Password").fill("a fresh passphrase");
  await emailForm.getByRole("button", { name: "Update Email" }).click();
  await expect(page.getByText("Email Updated", { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel("Current Email")).toHaveValue(newEmail);
});

test("settings: personal key save, test, remove; the super admin's system key", async ({
  page,
  superAdmin,
}) => {
  await signInToDashboard(page, superAdmin.user);
  await page.goto("/settings");
  const personal = page.getByRole("region", { name: "Personal OpenAI API Key" });
  await expect(personal.getByRole("status")).toHaveText("Not Configured");

  await personal.getByLabel("API Key").fill("sk-too-short");
  await personal.getByRole("button", { name: "Save Key" }).click();
  await expect(personal.getByText("Please enter a valid OpenAI API key")).toBeVisible();

  await personal.getByLabel("API Key").fill("sk-stub-super-admin-personal-0001");
  await personal.getByRole("button", { name: "Save Key" }).click();
  await expect(page.getByText("OpenAI API key updated successfully", { exact: true }).first()).toBeVisible();
  await expect(personal.getByRole("status")).toHaveText("Saved, not tested");

  await personal.getByRole("button", { name: "Test Key" }).click();
  await expect(page.getByText("API key is valid and working!", { exact: true }).first()).toBeVisible();
  await expect(personal.getByRole("status")).toHaveText(/^Valid \(tested .+\)$/);
  // A key typed to try it is not the saved key: the field says it was refused, the badge keeps the saved key's test.
  await personal.getByLabel("Replace API Key").fill("sk-stub-invalid-key-0000000001");
  await personal.getByRole("button", { name: "Test Key" }).click();
  await expect(personal.getByText("The API key is not valid or has expired", { exact: true })).toBeVisible();
  await expect(personal.getByRole("status")).toHaveText(/^Valid \(tested .+\)$/);

  await personal.getByRole("button", { name: "Remove Key" }).click();
  await expect(page.getByText("OpenAI API key removed successfully", { exact: true }).first()).toBeVisible();
  await expect(personal.getByRole("status")).toHaveText("Not Configured");

  const system = page.getByRole("region", { name: "System Administration" });
  await expect(system.getByRole("status")).toHaveText("Not Configured");
  await system.getByLabel("System Default API Key").fill("sk-stub-institution-default-0001");
  await system.getByRole("button", { name: "Save Default Key" }).click();
  await expect(system.getByRole("status")).toHaveText("Saved");
  await expectNoSeriousA11yViolations(page);

  await page.goto("/objectives-converter");
  await expect(page.getByText("with your institution's default AI key")).toBeVisible();
  await page.goto("/settings");
  await system.getByRole("button", { name: "Remove Default Key" }).click();
  await expect(system.getByRole("status")).toHaveText("Not Configured");
});

test("the AI key badge shows the saved key's last test, and tells a refused key from an unreachable provider", async ({
  page,
  request,
  superAdmin,
}) => {
  const _instructor = await signInAsNewUser(page, request, superAdmin.sessionId);
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

test("a person corrects their name, title and department in Settings; the institution stays with the administrator", async ({
  page,
  request,
  superAdmin,
}) => {
  const member = await signInAsNewUser(page, request, superAdmin.sessionId, {
    name: "Pat Typo",
    title: "Asociate Professor",
    department: "Mechanical Engeneering",
    institution: "Lakeside Polytechnic",
  });

  // The Profile screen is read-only and says where to correct the details.
  await page.goto("/profile");
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);

  const card = page.getByRole("region", { name: "Profile Details" });
  await expect(card.getByLabel("Full Name")).toHaveValue("Pat Typo");
  await expect(card.getByLabel("Title")).toHaveValue("Asociate Professor");
  await expect(card.getByLabel("Department")).toHaveValue("Mechanical Engeneering");
  const institution = card.getByLabel("Institution");
  await expect(institution).toHaveValue("Lakeside Polytechnic");
  await expect(institution).not.toBeEditable();
  await expect(card.getByText("Only an administrator can change your institution.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The registration's messages for an empty field (spec A §5).
  await card.getByLabel("Full Name").fill("   ");
  await card.getByLabel("Department").fill("");
  await card.getByRole("button", { name: "Save Profile" }).click();
  await expect(card.getByText("Name is required")).toBeVisible();
  await expect(card.getByText("Department is required")).toBeVisible();
  await expect(card.getByLabel("Full Name")).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await card.getByLabel("Full Name").fill("Pat Typeright");
  await card.getByLabel("Title").fill("Associate Professor");
  await card.getByLabel("Department").fill("Mechanical Engineering");
  await card.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile Updated", { exact: true }).first()).toBeVisible();

  // The top bar shows the new name at once; the Profile screen after a reload.
  await page.getByRole("button", { name: "User menu" }).click();
  await expect(page.getByRole("menu").getByText("Pat Typeright")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.goto("/profile");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Pat Typeright" })).toBeVisible();
  await expect(page.getByText("Associate Professor", { exact: true })).toBeVisible();
  await expect(page.getByText("Mechanical Engineering", { exact: true })).toBeVisible();
  await expect(page.getByText("Lakeside Polytechnic", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The institution only through an administrator: the API refuses the member's own move.
  const sessionId = await loginViaApi(request, member.email, member.password);
  const moved = await request.put(`/api/faculty/${member.id}`, {
    headers: bearer(sessionId),
    data: { institution: "Another University" },
  });
  expect(moved.status()).toBe(403);

  // A phone-sized screen.
  await page.setViewportSize(PHONE);
  await page.goto("/settings");
  await expect(card.getByLabel("Full Name")).toHaveValue("Pat Typeright");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.goto("/profile");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
