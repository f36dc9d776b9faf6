// A person who forgot their password asks for a link on the sign-in screen, opens the link from the
// message the app sent, chooses a new password (registration's rules) and signs in with it; the link
// then no longer works. An administrator makes a link for a person whose mail does not arrive.
import { PASSWORD_RESET_MESSAGES } from "../src/shared/account.ts";
import {
  createApprovedUserViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  PHONE,
  signInToDashboard,
  test,
  waitForMail,
} from "./fixtures.ts";

const NEW_PASSWORD = "A-brand-new-passphrase-2026";

test("a person resets a forgotten password from the link in the message, and the link works once", async ({
  page,
  request,
  superAdmin,
}) => {
  const person = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await page.setViewportSize(PHONE);
  await page.goto("/");

  // Keyboard only: from the password field to "Forgot password?".
  await page.getByLabel("Password", { exact: true }).focus();
  await page.keyboard.press("Tab"); // the show/hide toggle
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Forgot password?" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expectNoSidewaysScroll(page, "the forgot-password form at 390 px");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Send a reset link" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(person.email);
  await page.keyboard.press("Enter");
  await expect(page.getByText(PASSWORD_RESET_MESSAGES.requested)).toBeVisible();

  const mail = await waitForMail(person.email, "Reset your Pivot & Launch password");
  const link = mail.links.find((url) => url.includes("/reset-password?token="));
  expect(link).toBeDefined();
  await page.goto(link ?? "");
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  // The token left the address bar at once.
  await expect(page).toHaveURL(/\/reset-password$/);
  await expectNoSidewaysScroll(page, "the reset screen at 390 px");
  await expectNoSeriousA11yViolations(page);

  // Registration's rules and messages, and the two fields must match.
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Type the new password again").fill(`${NEW_PASSWORD}x`);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText(PASSWORD_RESET_MESSAGES.mismatch)).toBeVisible();
  await page.getByLabel("Type the new password again").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();

  await expect(page.getByText(PASSWORD_RESET_MESSAGES.changed)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await page.setViewportSize(DESKTOP);
  await signInToDashboard(page, { email: person.email, password: NEW_PASSWORD });

  // The same link a second time.
  await page.goto(link ?? "");
  await page.getByLabel("New password", { exact: true }).fill("Yet-another-passphrase-9");
  await page.getByLabel("Type the new password again").fill("Yet-another-passphrase-9");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText(PASSWORD_RESET_MESSAGES.invalidLink)).toBeVisible();
});

test("an administrator makes a reset link that is shown once with a Copy button", async ({
  page,
  request,
  superAdmin,
}) => {
  const person = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await page.goto("/");
  await signInToDashboard(page, superAdmin.user);
  await page.goto("/admin/users");
  await page.getByRole("tab", { name: /Approved/ }).click();
  await page.getByLabel("Search accounts").fill(person.email);
  const button = page.getByRole("button", { name: `Make a reset link for ${person.name}` });
  await button.click();
  const dialog = page.getByRole("dialog", { name: `A reset link for ${person.name}` });
  await expect(dialog.getByText("It works once, for 30 minutes")).toBeVisible();
  const field = dialog.getByLabel("Reset link");
  await expect(field).toHaveValue(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole("button", { name: "Copy" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const link = await field.inputValue();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The person uses it in another browser.
  const other = await page.context().browser()?.newContext();
  const personPage = await other?.newPage();
  if (!personPage || !other) throw new Error("no second browser context");
  await personPage.goto(link);
  await personPage.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await personPage.getByLabel("Type the new password again").fill(NEW_PASSWORD);
  await personPage.getByRole("button", { name: "Change password" }).click();
  await expect(personPage.getByText(PASSWORD_RESET_MESSAGES.changed)).toBeVisible();
  await other.close();
});
