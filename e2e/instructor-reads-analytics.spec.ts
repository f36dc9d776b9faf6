// Analytics and Insights: the cards follow the range and the event type, Export Report downloads CSV
// and PDF under the server's names, each toolkit format downloads from the top bar, axe-core at 1280
// and 390 px; an instructor without activity is told how figures appear.
import fs from "node:fs";
import { parse } from "csv-parse/sync";
import {
  bearer,
  createApprovedUserViaApi,
  createProjectViaApi,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  joinedStudentViaApi,
  loginViaApi,
  openAsNewInstructor,
  PHONE,
  signInToDashboard,
  TALL_DESKTOP,
  test,
} from "./fixtures.ts";

test("analytics: cards per range and type, tabs, Export Report and the toolkit export", async ({
  page,
  request,
  superAdmin,
}) => {
  test.setTimeout(180_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, instructor.email, instructor.password);
  const harbour = await createProjectViaApi(request, sessionId, {
    title: "Harbour Ecology Lab",
    discipline: "biology",
    methodology: { pivotConcepts: "Food webs", classSize: "30 students" },
  });
  await createProjectViaApi(request, sessionId, { title: "Bridge Design Studio", discipline: "physics" });
  // Sam joined Harbour and contributes signed in: one engaged student.
  const sam = await joinedStudentViaApi(request, superAdmin.sessionId, harbour.joinCode, {
    name: "Sam Student",
  });
  const contribution = await request.post(`/api/public/contributions/${harbour.contributionToken}`, {
    headers: bearer(sam.sessionId),
    data: {
      studentName: "Sam Student",
      studentEmail: "sam@student.example.edu",
      contributionType: "suggestion",
      content: "Could we sample the north pier as well?",
    },
  });
  expect(contribution.ok()).toBe(true);
  // Sam practises Harbour's pivot card twice: Retrieval practice counts the students' reviews.
  const card = await request.post("/api/pivot-cards", {
    headers: bearer(sessionId),
    data: {
      title: "Food webs",
      discipline: "biology",
      definition: "Who eats whom in one place.",
      projectId: harbour.id,
    },
  });
  expect(card.ok(), await card.text()).toBe(true);
  for (const question of ["What does a food web show?", "Name a harbour predator."]) {
    const item = await request.post("/api/retrieval-items", {
      headers: bearer(sessionId),
      data: { pivotCardId: (await card.json()).id, type: "flashcard", question, answer: "This." },
    });
    expect(item.ok(), await item.text()).toBe(true);
    const review = await request.post("/api/student/reviews", {
      headers: bearer(sam.sessionId),
      data: { itemId: (await item.json()).id, rating: 3 },
    });
    expect(review.ok(), await review.text()).toBe(true);
  }
  const template = await request.post("/api/analytics", {
    headers: bearer(sessionId),
    data: { eventType: "template_used", eventData: { templateName: "River Lab" } },
  });
  expect(template.status()).toBe(201);
  // 2 projects created, 1 contribution, 1 template used: 4 events.

  await page.setViewportSize(TALL_DESKTOP);
  await signInToDashboard(page, instructor);
  await page.getByRole("navigation").getByRole("link", { name: "Analytics", exact: true }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  const cards = page.getByRole("list", { name: "Summary figures" });
  await expect(cards.getByTestId("card-Active Projects")).toHaveText("2");
  await expect(cards.getByTestId("card-Activity Score")).toHaveText("4");
  // 1 student of 30 + 25 (Bridge gives no class size): 2%.
  await expect(cards.getByTestId("card-Student Engagement")).toHaveText("2%");
  await expect(cards.getByTestId("note-Student Engagement")).toContainText("1 of 55 students");
  await expect(cards.getByTestId("card-Completion Rate")).toHaveText("0%");
  await expect(cards.getByText("Good", { exact: true })).toBeVisible();
  await expect(cards.getByTestId("note-Activity Score")).toContainText("about 4 a month");

  // The range moves the monthly pace; the event type moves the score.
  await page.getByLabel("Time range").selectOption("7d");
  await expect(cards.getByTestId("note-Activity Score")).toContainText("about 17 a month");
  await page.getByLabel("Event type").selectOption("project_created");
  await expect(cards.getByTestId("card-Activity Score")).toHaveText("2");
  await expect(
    page.getByRole("list", { name: "The 10 most recent events" }).getByRole("listitem"),
  ).toHaveCount(2);
  await page.getByLabel("Event type").selectOption("collaboration_added");
  await expect(cards.getByTestId("card-Activity Score")).toHaveText("1");
  await expect(page.getByText("Student Contribution: a suggestion on Harbour Ecology Lab")).toBeVisible();
  await page.getByLabel("Event type").selectOption("all");
  await expect(page.getByRole("img", { name: /Project Created: 2, Project Updated: 0/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Export Report: CSV and PDF, under the server's names.
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    (async () => {
      await page.getByRole("button", { name: "Export Report" }).click();
      await page.getByRole("menuitem", { name: "Events as CSV (.csv)" }).click();
    })(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^pivot-launch-report-7d-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(fs.readFileSync(await csv.path()), { bom: true, columns: true }) as Record<
    string,
    string
  >[];
  expect(rows.map((row) => row.Event).sort()).toEqual([
    "Project Created",
    "Project Created",
    "Student Contribution",
    "Template Used",
  ]);
  await expect(page.getByText("Export Successful", { exact: true }).first()).toBeVisible();
  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    (async () => {
      await page.getByRole("button", { name: "Export Report" }).click();
      await page.getByRole("menuitem", { name: "Report as PDF (.pdf)" }).click();
    })(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^pivot-launch-report-7d-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(
    fs
      .readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  // The tabs.
  await page.getByRole("tab", { name: "Engagement" }).click();
  await expect(page.getByRole("cell", { name: /1 of 30/ })).toBeVisible();
  const harbourRow = page.getByRole("row", { name: /Harbour Ecology Lab/ });
  await expect(harbourRow.getByRole("cell", { name: "2 reviews" })).toBeVisible();
  await expect(
    page.getByRole("row", { name: /Bridge Design Studio/ }).getByRole("cell", { name: "No pivot cards" }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("tab", { name: "Projects" }).click();
  const projectRows = page.getByTestId("project-row");
  await expect(projectRows).toHaveCount(2);
  await page.getByRole("button", { name: "Project", exact: true }).click();
  await expect(projectRows.first()).toContainText("Bridge Design Studio");
  await page.getByRole("button", { name: "Project", exact: true }).click();
  await expect(projectRows.first()).toContainText("Harbour Ecology Lab");
  await page.getByRole("button", { name: "Contributions", exact: true }).click();
  await expect(projectRows.first()).toContainText("Harbour Ecology Lab");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("tab", { name: "Methodology" }).click();
  await expect(page.getByText("Anti-Overload Effectiveness")).toBeVisible();
  await expect(page.getByText("Focus Score", { exact: true })).toBeVisible();
  await expect(page.getByTestId("objectives-converted")).toHaveText("0");
  await expectNoSeriousA11yViolations(page);

  // The top bar's Export Toolkit: every format, named by the server.
  for (const [label, name] of [
    ["JSON (.json)", "pbl-toolkit-guide.json"],
    ["Text (.txt)", "pbl-toolkit-guide.txt"],
    ["Word-compatible HTML (.html)", "pbl-toolkit-guide-word.html"],
    ["Printable HTML (.html)", "pbl-toolkit-guide-print.html"],
    ["PDF (.pdf)", "pbl-toolkit-guide.pdf"],
    ["Word document (.docx)", "pbl-toolkit-guide.docx"],
  ] as const) {
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      (async () => {
        await page.getByRole("button", { name: "Export Toolkit" }).click();
        await page.getByRole("menuitem", { name: label }).click();
      })(),
    ]);
    expect(file.suggestedFilename()).toBe(name);
    expect(fs.statSync(await file.path()).size).toBeGreaterThan(500);
  }
  const [json] = await Promise.all([
    page.waitForEvent("download"),
    (async () => {
      await page.getByRole("button", { name: "Export Toolkit" }).click();
      await page.getByRole("menuitem", { name: "JSON (.json)" }).click();
    })(),
  ]);
  const guide = JSON.parse(fs.readFileSync(await json.path(), "utf8"));
  expect(guide.projects.map((p: { title: string }) => p.title).sort()).toEqual([
    "Bridge Design Studio",
    "Harbour Ecology Lab",
  ]);

  // A failed export says so (spec B §8).
  await page.route("**/api/export/toolkit**", (route) => route.fulfill({ status: 500, body: "{}" }));
  await page.getByRole("button", { name: "Export Toolkit" }).click();
  await page.getByRole("menuitem", { name: "Text (.txt)" }).click();
  await expect(page.getByText("Unable to export toolkit. Please try again.", { exact: true })).toBeVisible();
  await page.unroute("**/api/export/toolkit**");

  // 390 px.
  await page.setViewportSize(PHONE);
  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(cards.getByTestId("card-Active Projects")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("tab", { name: "Engagement" }).click();
  await expect(page.getByRole("row", { name: /Harbour Ecology Lab/ })).toContainText("2 reviews");
  // The table scrolls inside its card; the page itself does not scroll sideways.
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("tab", { name: "Projects" }).click();
  await expectNoSeriousA11yViolations(page);
});

test("analytics: an instructor without activity sees how figures appear", async ({
  page,
  request,
  superAdmin,
}) => {
  await openAsNewInstructor(page, request, superAdmin.sessionId, "/analytics", TALL_DESKTOP);
  await expect(page.getByRole("heading", { name: "No activity in this period" })).toBeVisible();
  await expect(page.getByText(/Figures appear as you work/)).toBeVisible();
  await page.getByRole("tab", { name: "Projects" }).click();
  await expect(page.getByRole("heading", { name: "No projects yet" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
