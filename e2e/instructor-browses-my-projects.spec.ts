// My Projects (/projects): every project of the signed-in instructor, listed, searched, filtered,
// sorted, opened, duplicated, downloaded and deleted.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import {
  bearer,
  createApprovedUserViaApi,
  createProjectViaApi,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  loginViaApi,
  PHONE,
  signInAsNewUser,
  signInToDashboard,
  test,
} from "./fixtures.ts";

const titlesShown = (page: Page) =>
  page.getByRole("list", { name: "Your projects" }).getByRole("heading", { level: 3 }).allTextContents();

test("with no projects yet, My Projects leads to the wizard and the templates", async ({
  page,
  request,
  superAdmin,
}) => {
  const _instructor = await signInAsNewUser(page, request, superAdmin.sessionId);

  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await nav.getByRole("link", { name: "My Projects", exact: true }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(nav.getByRole("link", { name: "My Projects", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("heading", { name: "No Projects Yet" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Start the Methodology Wizard" }).click();
  await expect(page).toHaveURL(/\/methodology-wizard$/);
  await page.goto("/projects");
  await page.getByRole("link", { name: "Browse Project Templates" }).click();
  await expect(page).toHaveURL(/\/templates$/);
});

test("My Projects lists, searches, filters, sorts, opens, duplicates, downloads and deletes", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, instructor.email, instructor.password);
  // Created in this order, so newest first is Coastal, Bridge, Harbour.
  const harbour = await createProjectViaApi(request, sessionId, {
    title: "Harbour Ecology Lab",
    discipline: "biology",
    methodology: { pivotConcepts: "Food webs", launchApplications: "Harbour survey" },
  });
  await createProjectViaApi(request, sessionId, { title: "Bridge Loads Studio", discipline: "physics" });
  await createProjectViaApi(request, sessionId, {
    title: "Coastal Winds Survey",
    discipline: "environmental-science",
  });
  for (const content of ["Could we sample the north pier as well?", "Can we compare two seasons of data?"]) {
    const sent = await request.post(`/api/public/contributions/${harbour.contributionToken}`, {
      data: { studentName: "Sam Student", contributionType: "suggestion", content },
    });
    expect(sent.status()).toBe(201);
  }
  // Harbour completed: the last one changed, and no longer active.
  const completed = await request.put(`/api/projects/${harbour.id}`, {
    headers: bearer(sessionId),
    data: { status: "completed" },
  });
  expect(completed.ok()).toBe(true);

  // The dashboard: Active Projects opens the list of active ones; Create New Project the wizard.
  await signInToDashboard(page, instructor);
  await page.getByRole("link", { name: "Create New Project", exact: true }).click();
  await expect(page).toHaveURL(/\/methodology-wizard$/);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: /Active Projects/ }).click();
  await expect(page).toHaveURL(/\/projects\?status=active$/);
  await expect(page.getByLabel("Status")).toHaveValue("active");
  await expect.poll(() => titlesShown(page)).toEqual(["Coastal Winds Survey", "Bridge Loads Studio"]);

  // The navigation link: every project, newest first.
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "My Projects" })
    .click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole("heading", { name: "My Projects", level: 2 })).toBeVisible();
  await expect
    .poll(() => titlesShown(page))
    .toEqual(["Coastal Winds Survey", "Bridge Loads Studio", "Harbour Ecology Lab"]);

  // What a card says: status, discipline, dates and the contributions waiting for review.
  const today = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date());
  const harbourCard = page.getByRole("listitem").filter({ hasText: "Harbour Ecology Lab" });
  await expect(harbourCard.getByText("Completed", { exact: true })).toBeVisible();
  await expect(harbourCard.getByText("Biology", { exact: true })).toBeVisible();
  await expect(harbourCard.locator("time")).toHaveText([today, today]);
  await expect(harbourCard.getByTestId("pending-contributions")).toHaveText(
    "2 contributions waiting for review",
  );
  const bridgeCard = page.getByRole("listitem").filter({ hasText: "Bridge Loads Studio" });
  await expect(bridgeCard.getByText("Active", { exact: true })).toBeVisible();
  await expect(bridgeCard.getByText("Physics", { exact: true })).toBeVisible();
  await expect(bridgeCard.getByTestId("pending-contributions")).toHaveText(
    "No contributions waiting for review",
  );
  await expectNoSeriousA11yViolations(page);

  // Sorting.
  await page.getByLabel("Sort by").selectOption({ label: "Title (A–Z)" });
  await expect
    .poll(() => titlesShown(page))
    .toEqual(["Bridge Loads Studio", "Coastal Winds Survey", "Harbour Ecology Lab"]);
  await page.getByLabel("Sort by").selectOption({ label: "Recently updated" });
  await expect
    .poll(() => titlesShown(page))
    .toEqual(["Harbour Ecology Lab", "Coastal Winds Survey", "Bridge Loads Studio"]);
  await page.getByLabel("Sort by").selectOption({ label: "Newest first" });

  // Search, on title and discipline; no match offers to clear the filters.
  await page.getByLabel("Search").fill("coastal");
  await expect.poll(() => titlesShown(page)).toEqual(["Coastal Winds Survey"]);
  await page.getByLabel("Search").fill("physics");
  await expect.poll(() => titlesShown(page)).toEqual(["Bridge Loads Studio"]);
  await page.getByLabel("Search").fill("volcano");
  await expect(page.getByRole("heading", { name: "No projects match" })).toBeVisible();
  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect.poll(() => titlesShown(page)).toHaveLength(3);

  // The status filter.
  await page.getByLabel("Status").selectOption("completed");
  await expect(page).toHaveURL(/\/projects\?status=completed$/);
  await expect.poll(() => titlesShown(page)).toEqual(["Harbour Ecology Lab"]);
  await page.getByLabel("Status").selectOption("archived");
  await expect(page.getByRole("heading", { name: "No projects match" })).toBeVisible();
  await page.getByLabel("Status").selectOption("all");
  await expect.poll(() => titlesShown(page)).toHaveLength(3);

  // Open.
  await page.getByRole("link", { name: "Open Harbour Ecology Lab" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${harbour.id}$`));
  await expect(page.getByRole("heading", { name: "Harbour Ecology Lab", level: 2 })).toBeVisible();
  await page.goto("/projects");

  // Download: the methodology's text file.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download Harbour Ecology Lab" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^harbour-ecology-lab-methodology-\d{4}-\d{2}-\d{2}\.txt$/);
  const text = fs.readFileSync(await download.path(), "utf8");
  expect(text).toContain("Project: Harbour Ecology Lab\n");
  expect(text).toContain("Core Concepts: Food webs\n");

  // Duplicate: a new project of one's own, "… (copy)", first among the newest.
  await page.getByRole("button", { name: "Duplicate Harbour Ecology Lab" }).click();
  await expect(page.getByText('"Harbour Ecology Lab (copy)" was created.', { exact: true })).toBeVisible();
  await expect.poll(async () => (await titlesShown(page))[0]).toBe("Harbour Ecology Lab (copy)");
  const copyCard = page.getByRole("listitem").filter({ hasText: "Harbour Ecology Lab (copy)" });
  await expect(copyCard.getByText("Active", { exact: true })).toBeVisible();
  await expect(copyCard.getByText("Biology", { exact: true })).toBeVisible();
  await expect(copyCard.getByTestId("pending-contributions")).toHaveText(
    "No contributions waiting for review",
  );

  // Delete, confirmed: Cancel keeps the project, Delete Project removes it.
  await page.getByRole("button", { name: "Delete Harbour Ecology Lab (copy)" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: 'Delete "Harbour Ecology Lab (copy)"?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => titlesShown(page)).toHaveLength(4);
  await page.getByRole("button", { name: "Delete Harbour Ecology Lab (copy)" }).click();
  await dialog.getByRole("button", { name: "Delete Project" }).click();
  await expect(page.getByText('"Harbour Ecology Lab (copy)" was deleted.', { exact: true })).toBeVisible();
  await expect
    .poll(() => titlesShown(page))
    .toEqual(["Coastal Winds Survey", "Bridge Loads Studio", "Harbour Ecology Lab"]);
  const left = await request.get(`/api/projects/faculty/${instructor.id}`, { headers: bearer(sessionId) });
  expect(left.headers()["x-total-count"]).toBe("3");

  // A phone's width: nothing wider than the screen.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole("button", { name: "Delete Harbour Ecology Lab" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
