// The super admin reads every message the product wrote under Administration → Mail: a newcomer's
// "we received your registration" is listed with its status, and opens to its text and links, at
// 1280 and 390 px.
import {
  buildUser,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  PHONE,
  registerViaApi,
  signInToDashboard,
  test,
} from "./fixtures.ts";

test("the super admin opens a newcomer's registration mail in the outbox", async ({
  page,
  request,
  superAdmin,
}) => {
  const newcomer = buildUser();
  await registerViaApi(request, newcomer);

  await signInToDashboard(page, superAdmin.user);
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Mail", exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/mail$/);
  const message = page
    .getByRole("list", { name: "Messages" })
    .getByRole("button")
    .filter({ hasText: `To ${newcomer.email.toLowerCase()}` });
  await expect(message).toContainText("We received your registration");
  await expectNoSeriousA11yViolations(page);

  await message.click();
  const dialog = page.getByRole("dialog", { name: "We received your registration" });
  await expect(dialog).toContainText(newcomer.email.toLowerCase());
  await expect(dialog).toContainText(newcomer.institution);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await page.setViewportSize(PHONE);
  await expect(message).toBeVisible();
  await expectNoSidewaysScroll(page, "the outbox");
});
