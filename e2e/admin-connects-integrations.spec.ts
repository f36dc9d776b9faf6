// Integrations: an integration's state reads the same on the dashboard and the Integrations screen
// (one derivation, shared/domain/integrations.ts), with one label per state and no Connect button
// where an administrator must act first; once an admin connects one it reads Admin Only.
import type { Locator, Page } from "@playwright/test";
import {
  bearer,
  createApprovedUserViaApi,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  expectOk,
  loginViaApi,
  PHONE,
  signInToDashboard,
  test,
} from "./fixtures.ts";

const DASHBOARD_INTEGRATIONS = ["Google NotebookLM", "Microsoft 365 Copilot", "Qualtrics"] as const;

const dashboardItem = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });

const integrationCard = (page: Page, name: string) => page.getByRole("region", { name });

const stateOf = (scope: Locator) => scope.locator("[data-integration-state]");

/** The label each of the dashboard's three integrations shows on the dashboard and on /integrations. */
async function labelsOnBothScreens(page: Page) {
  await page.goto("/dashboard");
  const dashboard: string[] = [];
  for (const name of DASHBOARD_INTEGRATIONS) {
    const badge = stateOf(dashboardItem(page, name));
    await expect(badge).toHaveCount(1);
    dashboard.push((await badge.textContent()) ?? "");
  }
  await page.goto("/integrations");
  const screen: string[] = [];
  for (const name of DASHBOARD_INTEGRATIONS) {
    const badge = stateOf(integrationCard(page, name));
    await expect(badge).toHaveCount(1);
    screen.push((await badge.textContent()) ?? "");
  }
  return { dashboard, screen };
}

test("an integration's state reads the same on the dashboard and on Integrations, before and after the admin connects", async ({
  page,
  browser,
  request,
  superAdmin,
}) => {
  const institution = `Estuary Institute ${Date.now()}`;
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, { institution });
  const admin = await createApprovedUserViaApi(request, superAdmin.sessionId, { institution });
  const promoted = await request.put(`/api/admin/users/${admin.id}/role`, {
    headers: bearer(superAdmin.sessionId),
    data: { role: "admin" },
  });
  expect(promoted.ok()).toBe(true);

  // Before any administrator acts: the enterprise services need one, with nothing to press.
  await signInToDashboard(page, instructor);
  for (const name of ["Google NotebookLM", "Qualtrics"]) {
    const item = dashboardItem(page, name);
    await expect(item.getByText("Admin Required", { exact: true })).toBeVisible();
    await expect(item.getByText("Available", { exact: true })).toHaveCount(0);
    await expect(stateOf(item)).toHaveText("Admin Required");
    await expect(
      item.getByText(
        "Admin approval required. Contact your institution administrator to enable this service.",
      ),
    ).toBeVisible();
    await expect(item.getByRole("button")).toHaveCount(0);
  }
  const copilot = dashboardItem(page, "Microsoft 365 Copilot");
  await expect(stateOf(copilot)).toHaveText("Available");
  await expect(copilot.getByRole("button", { name: "Connect Microsoft 365 Copilot" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto("/integrations");
  const notebook = integrationCard(page, "Google NotebookLM");
  await expect(stateOf(notebook)).toHaveText("Admin Required");
  await expect(notebook.getByText("Available", { exact: true })).toHaveCount(0);
  await expect(notebook.getByText("Not Available", { exact: true })).toHaveCount(0);
  await expect(notebook.getByRole("button")).toHaveCount(0);
  await expect(page.getByText("0 of 6 connected")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  let labels = await labelsOnBothScreens(page);
  expect(labels.dashboard).toEqual(["Admin Required", "Available", "Admin Required"]);
  expect(labels.screen).toEqual(labels.dashboard);

  // The administrator connects NotebookLM for the institution: read-only Admin Only, on both screens.
  const adminSession = await loginViaApi(request, admin.email, admin.password);
  const connected = await request.post("/api/integrations/connect", {
    headers: bearer(adminSession),
    data: { integrationId: "notebooklm", isAdminManaged: true },
  });
  expect(connected.status()).toBe(201);
  labels = await labelsOnBothScreens(page);
  expect(labels.dashboard).toEqual(["Admin Only", "Available", "Admin Required"]);
  expect(labels.screen).toEqual(labels.dashboard);
  await expect(
    notebook.getByText("Provided by your institution's administrator.", { exact: false }),
  ).toBeVisible();
  await expect(notebook.getByRole("button")).toHaveCount(0);
  await expect(page.getByText("1 of 6 connected: Google NotebookLM")).toBeVisible();
  await page.goto("/dashboard");
  await expect(dashboardItem(page, "Google NotebookLM").getByRole("button")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A phone-sized screen: both screens fit and stay accessible.
  await page.setViewportSize(PHONE);
  await expect(stateOf(dashboardItem(page, "Google NotebookLM"))).toHaveText("Admin Only");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.goto("/integrations");
  await expect(stateOf(notebook)).toHaveText("Admin Only");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // The administrator sees the institution's connection as Connected on both screens, and manages it.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  try {
    await signInToDashboard(adminPage, admin);
    labels = await labelsOnBothScreens(adminPage);
    expect(labels.dashboard).toEqual(["Connected", "Available", "Available"]);
    expect(labels.screen).toEqual(labels.dashboard);
    const adminNotebook = integrationCard(adminPage, "Google NotebookLM");
    await expect(adminNotebook.getByText("Institution connection")).toBeVisible();
    await expect(
      adminNotebook.getByRole("button", { name: "Disconnect Google NotebookLM (Institution connection)" }),
    ).toBeVisible();
    await expect(
      integrationCard(adminPage, "Qualtrics").getByRole("button", {
        name: "Connect Qualtrics for your institution",
      }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);
  } finally {
    await adminContext.close();
  }
});

test("integrations: admin approval required, then Admin Only once an admin connects; Config", async ({
  page,
  request,
  superAdmin,
}) => {
  const institution = `Harbour College ${Date.now()}`;
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, { institution });
  const admin = await createApprovedUserViaApi(request, superAdmin.sessionId, { institution });
  await expectOk(
    request.put(`/api/admin/users/${admin.id}/role`, {
      headers: bearer(superAdmin.sessionId),
      data: { role: "admin" },
    }),
  );

  await signInToDashboard(page, instructor);
  await page.goto("/integrations");
  const notebook = page.getByRole("region", { name: "Google NotebookLM" });
  await expect(
    notebook.getByText(
      "Admin approval required. Contact your institution administrator to enable this service.",
    ),
  ).toBeVisible();
  // One label for the state, nothing to press (docs/decisions.md, Integrations).
  await expect(notebook.getByText("Admin Required", { exact: true })).toBeVisible();
  await expect(notebook.getByRole("button")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const adminSession = await loginViaApi(request, admin.email, admin.password);
  await expectOk(
    request.post("/api/integrations/connect", {
      headers: bearer(adminSession),
      data: { integrationId: "notebooklm", isAdminManaged: true },
    }),
  );
  await page.reload();
  await expect(notebook.getByText("Admin Only")).toBeVisible();
  await expect(notebook.getByRole("button")).toHaveCount(0);

  // Keyboard only: the category tabs follow the arrow keys.
  await page.getByRole("tab", { name: "All" }).focus();
  for (const name of ["Knowledge", "Survey", "LMS", "Cloud"]) {
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name })).toBeFocused();
  }
  await expect(page.getByRole("region", { name: "Qualtrics" })).toHaveCount(0);
  const github = page.getByRole("region", { name: "GitHub Classroom" });
  await github.getByRole("button", { name: "Connect GitHub Classroom" }).click();
  await expect(page.getByText("Integration Connected", { exact: true }).first()).toBeVisible();
  await github.getByRole("button", { name: /^Config GitHub Classroom/ }).click();
  const dialog = page.getByRole("dialog", { name: "Configure GitHub Classroom" });
  await dialog.getByLabel("Endpoint (optional)").fill("http://example.org/hook");
  await dialog.getByRole("button", { name: "Save Configuration" }).click();
  await expect(dialog.getByText("API key is required")).toBeVisible();
  await expect(dialog.getByText("The endpoint must use https")).toBeVisible();
  await dialog.getByLabel("API Key").fill("ghp-classroom-token-000001");
  await dialog.getByLabel("Endpoint (optional)").fill("https://classroom.example.org/api");
  await dialog.getByRole("button", { name: "Save Configuration" }).click();
  await expect(page.getByText("Integration Configured", { exact: true }).first()).toBeVisible();
  await expect(github.getByText("Your connection · key saved")).toBeVisible();
  await github.getByRole("button", { name: /^Disconnect GitHub Classroom/ }).click();
  await expect(page.getByText("Integration Disconnected", { exact: true }).first()).toBeVisible();
  await expect(github.getByText("Available")).toBeVisible();
});
