// The app's shell: the back button, the user menu, the profile, the 404 page, signing out, a session
// restored after a reload (or signed out when revoked on the server), the keyboard alone, and a
// phone-sized screen.
import {
  createApprovedUserViaApi,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  PHONE,
  signInAsNewUser,
  test,
} from "./fixtures.ts";

test("back button, user menu, profile, 404 and sign-out", async ({ page, request, superAdmin }) => {
  const member = await signInAsNewUser(page, request, superAdmin.sessionId, {
    institution: "Riverside College",
  });

  // user menu: name, email, institution, role label, Profile
  await page.getByRole("button", { name: "User menu" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText(member.name)).toBeVisible();
  await expect(menu.getByText(member.email)).toBeVisible();
  await expect(menu.getByText("Riverside College")).toBeVisible();
  await expect(menu.getByText("Instructor", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await menu.getByRole("menuitem", { name: "Profile" }).click();

  await expect(page).toHaveURL(/\/profile$/);
  const main = page.getByRole("main");
  await expect(main.getByText(member.email)).toBeVisible();
  await expect(main.getByText("Riverside College")).toBeVisible();
  await expect(main.getByText("Approved")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // back goes back in history
  await page.getByRole("button", { name: "Go back" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("button", { name: "Go back" })).toHaveCount(0);

  // with no history, back goes to the dashboard
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Go back" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // the navigation opens the screens inside the shell
  await page.getByRole("link", { name: "Knowledge Base" }).click();
  await expect(page).toHaveURL(/\/knowledge-base$/);
  await expect(page.getByRole("heading", { name: "Institutional Knowledge Base", level: 2 })).toBeVisible();

  // sign-out calls the server and clears the stored session
  const sessionId = await page.evaluate(() => localStorage.getItem("sessionId"));
  expect(sessionId).toBeTruthy();
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem("sessionId"), localStorage.getItem("faculty")]),
  ).toEqual([null, null]);
  const me = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${sessionId}` } });
  expect(me.status()).toBe(401);
});

test("a stored session is restored after a reload, and corrupted storage is cleared", async ({
  page,
  request,
  superAdmin,
}) => {
  const _member = await signInAsNewUser(page, request, superAdmin.sessionId);
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();

  await page.evaluate(() => localStorage.setItem("faculty", "{not json"));
  await page.reload();
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem("sessionId"), localStorage.getItem("faculty")]),
  ).toEqual([null, null]);
});

test("a session revoked on the server signs the browser out on the next check", async ({
  page,
  request,
  superAdmin,
}) => {
  const _member = await signInAsNewUser(page, request, superAdmin.sessionId);
  const sessionId = await page.evaluate(() => localStorage.getItem("sessionId"));
  await request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${sessionId}` } });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
});

test("everything works from the keyboard alone", async ({ page, request, superAdmin }) => {
  const member = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await page.goto("/");
  await page.getByLabel("Email", { exact: true }).focus();
  await page.keyboard.type(member.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(member.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);

  // open the user menu and go to the profile with keys only
  await page.getByRole("button", { name: "User menu" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("ArrowDown");
  let guard = 0;
  while (
    !(await page
      .getByRole("menuitem", { name: "Profile" })
      .evaluate((el) => el === document.activeElement)) &&
    guard++ < 6
  ) {
    await page.keyboard.press("ArrowDown");
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/profile$/);

  // the navigation is reachable by Tab
  let reached = false;
  for (let i = 0; i < 40 && !reached; i += 1) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === "Project Templates");
  }
  expect(reached).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/templates$/);
});

test("the shell works on a phone-sized screen", async ({ page, request, superAdmin }) => {
  await page.setViewportSize(PHONE);
  const _member = await signInAsNewUser(page, request, superAdmin.sessionId);
  await page.getByRole("button", { name: "Open navigation menu" }).click();
  await page.getByRole("link", { name: "Project Templates" }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
});
