// Institution sign-in (OpenID Connect): the super admin adds the institution's provider on
// Administration → Sign-in, gives it the redirect URI the screen shows, and runs a test sign-in that
// shows the claims received, and switches password sign-in off for the institution (a member's
// password sign-in is then refused with the server's message); then a new instructor signs in with the button and lands on the
// dashboard approved, and a new student, on a phone, is offered the institution's button for their
// e-mail and lands on their own space. Profile lists the linked option; without a password, Settings
// and the account's deletion do not ask for one. A login the provider refuses
// is told why on the sign-in screen.
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { type OidcTestProvider, startOidcTestProvider } from "../src/server/test/oidc-test-provider.ts";
import { SSO_MESSAGES, SSO_REFUSALS } from "../src/shared/sso.ts";
import {
  bearer,
  createApprovedUserViaApi,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  listUsersViaApi,
  PHONE,
  signInToDashboard,
  signInViaUi,
  test,
} from "./fixtures.ts";

const tag = randomBytes(3).toString("hex");
const displayName = `Uni Test ${tag}`;
const institution = `University of Testing ${tag}`;
const client = { clientId: `pivot-launch-${tag}`, clientSecret: randomBytes(18).toString("base64url") };
const instructor = {
  login: `grace-${tag}`,
  email: `grace-${tag}@uni.test`,
  emailVerified: true,
  name: "Grace Hopper",
  claims: { eduPersonAffiliation: ["faculty"] },
};
const student = {
  login: `ada-${tag}`,
  email: `ada-${tag}@uni.test`,
  emailVerified: true,
  name: "Ada Lovelace",
  claims: { eduPersonAffiliation: ["student"] },
};

let provider: OidcTestProvider;

test.beforeAll(async () => {
  provider = await startOidcTestProvider({ people: [instructor, student] });
});

// The sign-in option is the run's: whatever happened, the other specs meet a sign-in screen without it.
test.afterAll(async ({ playwright, superAdmin }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const listed = await request.get("/api/admin/identity-providers", {
      headers: bearer(superAdmin.sessionId),
    });
    const { providers } = (await listed.json()) as { providers: Array<{ id: string; displayName: string }> };
    for (const option of providers.filter((candidate) => candidate.displayName === displayName)) {
      await request.delete(`/api/admin/identity-providers/${option.id}`, {
        headers: bearer(superAdmin.sessionId),
      });
    }
  } finally {
    await request.dispose();
    await provider?.close();
  }
});

/** Fills the test provider's login form (oidc-provider's development form: any password). */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.locator('button[type="submit"]').click();
}

async function newVisitor(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  return { context, page: await context.newPage() };
}

test("the super admin sets up an institution's sign-in and its people sign in with it", async ({
  page,
  browser,
  request,
  superAdmin,
}) => {
  test.setTimeout(120_000);
  const signInWith = SSO_MESSAGES.signInWith(displayName);

  await test.step("the super admin adds the provider on Administration → Sign-in", async () => {
    await signInToDashboard(page, superAdmin.user);
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Sign-in", exact: true })
      .click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await expect(page.getByRole("heading", { name: "Sign-in options", exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Add sign-in option" }).click();
    const dialog = page.getByRole("dialog", { name: "Add sign-in option" });
    await expect(dialog.getByLabel("Kind")).toHaveValue("oidc");
    await expectNoSeriousA11yViolations(page);
    // The shared schema's messages show by their fields before anything is sent.
    await dialog.getByRole("button", { name: "Add sign-in option" }).click();
    await expect(dialog.getByText("Client ID is required")).toBeVisible();

    await dialog.getByLabel("Issuer").fill(provider.issuer);
    await dialog.getByLabel("Client ID").fill(client.clientId);
    await dialog.getByLabel("Client secret").fill(client.clientSecret);
    await dialog.getByLabel("Display name").fill(displayName);
    await dialog.getByLabel("Institution", { exact: true }).fill(institution);
    await dialog.getByLabel("E-mail domains").fill("uni.test");
    await dialog.getByLabel("Approve new accounts automatically when their e-mail domain is listed").check();
    await dialog.getByLabel("Role claim").fill("eduPersonAffiliation");
    await expect(dialog.getByLabel("Student values")).toHaveValue("student");
    await dialog.getByLabel("Instructor values").fill("faculty");
    await expect(dialog.getByLabel("Members may also sign in with a password")).toBeChecked();
    await dialog.getByRole("button", { name: "Add sign-in option" }).click();
    await expect(dialog).toHaveCount(0);
  });

  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: displayName }) });
  await test.step("the card shows the rules and the redirect URI to register at the provider", async () => {
    await expect(card.getByText("OpenID Connect", { exact: true })).toBeVisible();
    await expect(card.getByText("Enabled", { exact: true })).toBeVisible();
    await expect(card.getByText("Approved automatically when the e-mail domain is listed")).toBeVisible();
    const redirectUri = await card.getByRole("textbox", { name: "Redirect URI" }).inputValue();
    expect(redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/auth\/sso\/[^/]+\/callback$/);
    provider.addClient({ ...client, redirectUris: [redirectUri] });
    await expectNoSeriousA11yViolations(page);
  });

  await test.step("a test sign-in shows the claims received and the person as read", async () => {
    await card.getByRole("button", { name: `Test sign-in with ${displayName}` }).click();
    await signInAtProvider(page, instructor.login);
    await expect(page.getByRole("heading", { name: `Test sign-in with ${displayName}` })).toBeVisible();
    expect(page.url()).toMatch(/\/admin\/sign-in$/); // the one-time code left the address bar
    const claims = page.getByRole("region", { name: "Claims received" });
    await expect(claims.getByText("eduPersonAffiliation", { exact: true })).toBeVisible();
    await expect(claims.getByText("faculty", { exact: true })).toBeVisible();
    const person = page.getByRole("region", { name: "The person as read" });
    await expect(person.getByText(`${instructor.email} (verified)`)).toBeVisible();
    await expect(person.getByText("Instructor", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Nothing was created: the person is still unknown here.
    expect(await listUsersViaApi(request, superAdmin.sessionId, "approved", instructor.email)).toEqual([]);
  });

  await test.step("switched off, a member's password sign-in is refused with the server's message", async () => {
    const member = await createApprovedUserViaApi(request, superAdmin.sessionId, { institution });
    await card.getByRole("button", { name: `Edit ${displayName}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${displayName}` });
    await expect(dialog.getByLabel("Kind")).toBeDisabled();
    // The stored client secret is kept when the field stays empty (the sign-ins below use it).
    await expect(dialog.getByLabel("Client secret")).toHaveValue("");
    await expect(dialog.getByText("Leave empty to keep the stored client secret.")).toBeVisible();
    await dialog.getByLabel("Members may also sign in with a password").uncheck();
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByText("Members sign in only through this option")).toBeVisible();

    const { context, page: visitor } = await newVisitor(browser);
    try {
      await signInViaUi(visitor, member.email, member.password);
      await expect(visitor.getByText(SSO_MESSAGES.passwordSignInOff(institution))).toBeVisible();
    } finally {
      await context.close();
    }
  });

  await test.step("a new instructor signs in with the button and lands on the dashboard, approved", async () => {
    const { context, page: visitor } = await newVisitor(browser);
    try {
      await visitor.goto("/");
      await visitor.getByRole("link", { name: signInWith }).click();
      await signInAtProvider(visitor, instructor.login);
      await expect(visitor.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
      expect(new URL(visitor.url()).pathname).toBe("/");
      expect(visitor.url()).not.toContain("code=");
      await expect(visitor.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      const [account] = await listUsersViaApi(request, superAdmin.sessionId, "approved", instructor.email);
      expect(account).toMatchObject({ email: instructor.email, role: "instructor", name: instructor.name });
      // Profile lists the sign-in option the account is linked to.
      await visitor.goto("/profile");
      const linked = visitor.getByRole("heading", { name: "Institution sign-in" }).locator("xpath=../..");
      await expect(linked.getByText(displayName, { exact: true })).toBeVisible();
      await expect(linked.getByText(new RegExp(`^${instructor.email} · linked `))).toBeVisible();
      // Without a password, Settings says who manages the e-mail and password instead of asking for them.
      await visitor.goto("/settings");
      await expect(visitor.getByText(/You sign in with your institution's account/)).toBeVisible();
      await expect(visitor.getByRole("heading", { name: "Change Password" })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  await test.step("a new student on a phone is offered the institution's sign-in and lands on their space", async () => {
    const { context, page: visitor } = await newVisitor(browser, PHONE);
    try {
      await visitor.goto("/");
      await visitor.getByLabel("Email", { exact: true }).fill(student.email);
      await visitor.getByLabel("Password", { exact: true }).focus();
      const hint = visitor.getByRole("status").filter({ hasText: "Your institution signs in with" });
      await expect(hint).toHaveText(new RegExp(`Your institution signs in with ${displayName}\\.`));
      await expectNoSidewaysScroll(visitor, "the sign-in screen");
      await hint.getByRole("link", { name: signInWith }).click();
      await signInAtProvider(visitor, student.login);
      await expect(visitor).toHaveURL(/\/student$/);
      await expect(visitor.getByRole("heading", { name: "My Projects" })).toBeVisible();
      await expectNoSidewaysScroll(visitor, "the student's space");
      const [account] = await listUsersViaApi(request, superAdmin.sessionId, "approved", student.email);
      expect(account).toMatchObject({ role: "student" });
      // Without a password, the account's deletion is confirmed with the e-mail address.
      await visitor.goto("/student/profile");
      await visitor.getByRole("button", { name: "Delete My Account" }).click();
      await expect(visitor.getByRole("dialog").getByLabel("Your e-mail address")).toBeVisible();
    } finally {
      await context.close();
    }
  });

  await test.step("a login the provider does not know is told why on the sign-in screen", async () => {
    const { context, page: visitor } = await newVisitor(browser);
    try {
      await visitor.goto("/");
      await visitor.getByRole("link", { name: signInWith }).click();
      await signInAtProvider(visitor, `nobody-${tag}`);
      await expect(visitor.getByText(SSO_REFUSALS.denied)).toBeVisible();
      expect(new URL(visitor.url()).search).toBe("");
      await expect(visitor.getByRole("heading", { name: "Sign In" })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  await test.step("the super admin deletes the provider after confirming", async () => {
    await card.getByRole("button", { name: `Delete ${displayName}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete sign-in option" }).click();
    await expect(card).toHaveCount(0);
  });
});
