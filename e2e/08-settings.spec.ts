import {
  bearer,
  createApprovedUserViaApi,
  expect,
  expectNoSeriousA11yViolations,
  loginViaApi,
  signInViaUi,
  test,
} from "./fixtures.ts";

test("settings: password change ends the other sessions; e-mail change; no system card for an instructor", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const otherSession = await loginViaApi(request, instructor.email, instructor.password);
  await signInViaUi(page, instructor.email, instructor.password);
  await expect(page).toHaveURL(/\/dashboard$/);
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
  await signInViaUi(page, superAdmin.user.email, superAdmin.user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
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
