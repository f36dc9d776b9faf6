// An administrator looks after accounts: a newcomer signs up (the form's checks) and waits; the
// super admin sees every screen, approves or rejects registrations, moves an account to another
// institution (nobody moves themselves), searches and counts accounts a page at a time, and reads
// each account's details wrapped between words at 1280 and 390 px.
import type { Locator, Page } from "@playwright/test";
import { REGISTRATION_MESSAGES } from "../src/shared/account.ts";
import {
  bearer,
  buildUser,
  createApprovedUserViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  findUserIdViaApi,
  loginViaApi,
  PHONE,
  registerViaApi,
  signInToDashboard,
  signInViaUi,
  type TestUser,
  test,
} from "./fixtures.ts";

const REGISTER_TOGGLE = /Don't have an account\?/;

const SIGN_IN_TOGGLE = /Already have an account\?/;

async function fillRegistration(page: Page, user: TestUser) {
  await page.getByLabel("Full Name").fill(user.name);
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Title").fill(user.title);
  await page.getByLabel("Role").selectOption(user.role);
  await page.getByLabel("Department").fill(user.department);
  await page.getByLabel("Institution").fill(user.institution);
}

/** The words of an element's text that the browser split over two lines (mid-word breaks). */
const brokenWords = (element: Locator) =>
  element.evaluate((node) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const match of (text.textContent ?? "").matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });

test("a newcomer's sign-up form checks each field and shows or hides the password; signing up does not sign in", async ({
  page,
}) => {
  const newcomer = buildUser();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText(/require administrator approval/i)).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute(
    "placeholder",
    /min\. 8 characters/,
  );
  await expectNoSeriousA11yViolations(page);

  // the spec's validation messages, in the browser
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();

  await page.getByRole("button", { name: REGISTER_TOGGLE }).click();
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await page.getByRole("button", { name: "Create Account", exact: true }).click();
  for (const message of [
    "Name is required",
    "Title is required",
    "Department is required",
    "Institution is required",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  // every password set needs 8 characters
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Create Account", exact: true }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await fillRegistration(page, newcomer);
  // show / hide password
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");

  // The global setup registered the run's first account (the super admin, whose message the
  // server's auth tests check), so this one is told to wait for approval.
  await page.getByRole("button", { name: "Create Account", exact: true }).click();
  await expect(page.getByText(REGISTRATION_MESSAGES.pending, { exact: true })).toBeVisible();
  // registration does not sign in; switching clears the message
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
  await page.getByRole("button", { name: SIGN_IN_TOGGLE }).click();
  await expect(page.getByText(REGISTRATION_MESSAGES.pending, { exact: true })).toHaveCount(0);
});

test("the super admin signs in and lands on the dashboard shell with every screen", async ({
  page,
  superAdmin,
}) => {
  await page.goto("/");
  await signInToDashboard(page, superAdmin.user);
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  for (const item of [
    "Pedagogy Tool",
    "Methodology Wizard",
    "My Projects",
    "Objectives Converter",
    "Project Templates",
    "Student Collaboration",
    "Knowledge Base",
    "Pivot Assets",
    "Document Manager",
    "Analytics",
    "Cognitive Load Analytics",
    "Integrations",
    "Users",
    "Sign-in",
  ]) {
    await expect(nav.getByRole("link", { name: item, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Go back" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("a second account waits for approval, the admin approves it, then it signs in", async ({
  page,
  browser,
  superAdmin,
}) => {
  const member = buildUser();
  await page.goto("/");
  await page.getByRole("button", { name: REGISTER_TOGGLE }).click();
  await fillRegistration(page, member);
  await page.getByRole("button", { name: "Create Account", exact: true }).click();
  await expect(
    page.getByText("Registration successful! Please wait for admin approval.", { exact: true }),
  ).toBeVisible();

  await page.getByRole("button", { name: SIGN_IN_TOGGLE }).click();
  await signInViaUi(page, member.email, member.password);
  await expect(page.getByText(/awaiting administrator approval/)).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInToDashboard(admin, superAdmin.user);
  await admin
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Users" })
    .click();
  await expect(admin).toHaveURL(/\/admin\/users$/);
  await expect(admin.getByRole("heading", { name: "User Administration" }).first()).toBeVisible();
  // Accounts come 20 to a page: find this one as an administrator would.
  await admin.getByLabel("Search accounts").fill(member.email);
  const row = admin.getByRole("listitem").filter({ hasText: member.email });
  await expect(row).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await row.getByRole("button", { name: /^Approve/ }).click();
  await expect(admin.getByText("User Approved", { exact: true })).toBeVisible();
  await expect(admin.getByRole("listitem").filter({ hasText: member.email })).toHaveCount(0);
  await admin.getByRole("tab", { name: /Approved/ }).click();
  await expect(admin.getByRole("listitem").filter({ hasText: member.email })).toBeVisible();
  await adminContext.close();

  await signInToDashboard(page, member);
  // an instructor has no Administration group and cannot open it by URL
  await expect(page.getByRole("link", { name: "Users", exact: true })).toHaveCount(0);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});

test("the admin rejects a registration and the account is told so", async ({ page, request, superAdmin }) => {
  const member = buildUser({ role: "student" });
  await registerViaApi(request, member);
  await signInToDashboard(page, superAdmin.user);
  await page.goto("/admin/users");
  await page.getByLabel("Search accounts").fill(member.email);
  const row = page.getByRole("listitem").filter({ hasText: member.email });
  await row.getByRole("button", { name: /^Reject/ }).click();
  await expect(page.getByText("User Rejected", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: /Rejected/ }).click();
  await expect(page.getByRole("listitem").filter({ hasText: member.email })).toBeVisible();
  expect(await findUserIdViaApi(request, superAdmin.sessionId, member.email)).toBeGreaterThan(0);

  const other = await page.context().browser()?.newContext();
  if (!other) throw new Error("no browser");
  const memberPage = await other.newPage();
  await signInViaUi(memberPage, member.email, member.password);
  await expect(memberPage.getByText(/was not approved/)).toBeVisible();
  await other.close();
});

// A person cannot move themselves to another institution (its members share its
// integrations); the Super Admin moves accounts from User Administration.
test("only the Super Admin moves an account to another institution", async ({
  page,
  request,
  superAdmin,
}) => {
  const member = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    name: "Mona Mover",
    institution: "Example State University",
  });
  const memberSession = await loginViaApi(request, member.email, member.password);
  const self = await request.put(`/api/faculty/${member.id}`, {
    headers: bearer(memberSession),
    data: { institution: "Another University" },
  });
  expect(self.status()).toBe(403);

  await signInToDashboard(page, superAdmin.user);
  await page.goto("/admin/users");
  await page.getByRole("tab", { name: /Approved/ }).click();
  // Accounts come 20 to a page: find this one as an administrator would.
  await page.getByLabel("Search accounts").fill(member.email);
  const card = page.getByRole("listitem").filter({ hasText: member.email });
  await card.getByRole("button", { name: "Change institution of Mona Mover" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Mona Mover's institution" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const field = dialog.getByLabel("Institution");
  await field.fill("");
  await dialog.getByRole("button", { name: "Save Institution" }).click();
  await expect(dialog.getByText("Institution cannot be empty")).toBeVisible();
  await field.fill("Another University");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Institution Updated", { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(card).toContainText("Another University");

  const me = await request.get("/api/auth/me", { headers: bearer(memberSession) });
  expect((await me.json()).faculty.institution).toBe("Another University");
});

test("Accounts are searched by name or e-mail and counted in all", async ({ page, request, superAdmin }) => {
  const marker = `pager${Date.now()}`;
  for (const n of [1, 2, 3]) {
    await registerViaApi(
      request,
      buildUser({ name: `Waiting ${marker} ${n}`, email: `${marker}.${n}@uni.test` }),
    );
  }
  await signInToDashboard(page, superAdmin.user);
  await page.goto("/admin/users");
  await page.getByLabel("Search accounts").fill(marker);
  await expect(page.getByRole("list", { name: "Pending accounts" }).getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("tab", { name: /Pending/ })).toContainText("3");
  await page.getByLabel("Search accounts").fill(`${marker}.2@`);
  await expect(page.getByRole("list", { name: "Pending accounts" }).getByRole("listitem")).toHaveCount(1);
  await page.getByLabel("Search accounts").fill(`${marker}-nobody`);
  await expect(page.getByText(`No pending accounts match "${marker}-nobody".`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

// Administration -> Users at 1280 px: an account's details wrap between words, never inside one
// ("Biochemist ry").
test("the Users screen wraps account details at word boundaries at 1280 and 390 px", async ({
  page,
  request,
  superAdmin,
}) => {
  // A new registration: listed under Pending, the tab the screen opens on.
  const account = buildUser({
    name: "Dana Wrapwell",
    title: "Associate Professor of Biochemistry",
    department: "Biochemistry",
    institution: "Northumberland Polytechnic Institute of Technology",
  });
  await registerViaApi(request, account);
  await page.setViewportSize(DESKTOP);
  await signInToDashboard(page, superAdmin.user);
  await page.goto("/admin/users");
  await page.getByLabel("Search accounts").fill(account.email);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Dana Wrapwell" }) });
  await expect(card.getByText("Biochemistry", { exact: true })).toBeVisible();

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expect(card.getByText("Biochemistry", { exact: true })).toBeVisible();
    expect(await brokenWords(card.locator("dl")), `details at ${viewport.width} px`).toEqual([]);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  }
});
