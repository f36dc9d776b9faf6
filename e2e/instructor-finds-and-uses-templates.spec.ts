// Project Templates: search (a typo still finds), filter by discipline, details, using a template,
// selecting and exporting, paging nine cards at a time, an admin approving a pending template, and
// the screen at phone width.
import fs from "node:fs";
import type { Page } from "@playwright/test";
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
  signInViaUi,
  test,
} from "./fixtures.ts";

/** The seeded library's first featured card (by name); not a blockchain template. */
const FIRST_OF_THE_LIBRARY = "Adaptation Studio: Page to Podcast";

const card = (page: Page, name: string) =>
  page.getByRole("list", { name: "Templates" }).getByRole("listitem").filter({ hasText: name });

/** A card of the Featured Templates section (shown while nothing is searched or filtered). */
const featuredCard = (page: Page, name: string) =>
  page
    .getByRole("region", { name: "Featured Templates" })
    .locator(":scope > ul > li")
    .filter({ hasText: name });

/** How many featured templates the library holds (the section shows them a page at a time). */
async function featuredCount(page: Page): Promise<number> {
  const response = await page.request.get("/api/templates/search?featuredOnly=true&limit=500", {
    headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("sessionId"))}` },
  });
  return (await response.json()).length;
}

async function openTemplates(page: Page, email: string, password: string) {
  await signInViaUi(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Project Templates" })
    .click();
  await expect(page.getByText(/^Showing \d+ of \d+ templates$/)).toBeVisible();
}

const templateCard = (page: Page, name: string) =>
  page.getByRole("list", { name: "Templates" }).getByRole("listitem").filter({ hasText: name });

test("search, filter, details and using a template", async ({ page, request, superAdmin }) => {
  const member = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await openTemplates(page, member.email, member.password);
  await expect(
    page.getByText("Pre-built project frameworks adaptable to any academic discipline"),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Featured Templates" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // a typo still finds the template, best match first
  await page.getByLabel("Search templates").fill("Blokchain");
  await expect(card(page, "Blockchain Applications")).toBeVisible();
  await expect(page.getByText('"Blokchain"')).toBeVisible(); // active filter badge
  await page.getByRole("button", { name: "Clear All" }).click();

  // discipline (server) and category (client) filters
  await page.getByLabel("Discipline").selectOption("chemistry");
  await expect(card(page, "Green Titration Redesign")).toBeVisible();
  await expect(card(page, "Blockchain Applications")).toHaveCount(0);
  await page.getByLabel("Category").selectOption("laboratory");
  await expect(page.getByText(/^Showing 1 of \d+ templates$/)).toBeVisible();
  await page.getByLabel("Difficulty").selectOption("advanced");
  await expect(page.getByRole("heading", { name: "No templates found" })).toBeVisible();
  await expect(page.getByText("Try adjusting your filters or search terms to find templates.")).toBeVisible();
  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(featuredCard(page, "Blockchain Applications")).toBeVisible(); // nothing filtered: in its section

  // details dialog with its four tabs
  await page.getByRole("button", { name: "View details of Data Science Project" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("~36 hours total")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("tab", { name: "Structure" }).click();
  await expect(dialog.getByText("Planning and research")).toBeVisible();
  await dialog.getByRole("tab", { name: "Deliverables" }).click();
  await expect(dialog.getByText("Two-page decision brief")).toBeVisible();
  await dialog.getByRole("tab", { name: "Implementation" }).click();
  await expect(dialog.getByText("Recommended Tools")).toBeVisible();
  await dialog.getByRole("button", { name: "Use This Template" }).click();
  await expect(page).toHaveURL(/\/methodology-wizard\?mode=create-project&templateId=\d+$/);
  await expect(page.getByText("Creating Project from Template", { exact: true }).first()).toBeVisible();

  const events = await request.get(`/api/analytics/faculty/${member.id}?eventType=template_used`, {
    headers: bearer(await loginViaApi(request, member.email, member.password)),
  });
  expect((await events.json())[0].eventData.templateName).toBe("Data Science Project");
});

test("select all and export each format", async ({ page, request, superAdmin }) => {
  const member = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await openTemplates(page, member.email, member.password);
  await expect(featuredCard(page, FIRST_OF_THE_LIBRARY)).toBeVisible(); // the whole library has arrived
  const showingLine = page.getByText(/^Showing \d+ of \d+ templates$/);
  const before = await showingLine.textContent();
  await page.getByLabel("Discipline").selectOption("blockchain");
  await expect(featuredCard(page, FIRST_OF_THE_LIBRARY)).toHaveCount(0); // the filtered list has arrived
  await expect(card(page, "Blockchain Applications")).toBeVisible();
  await expect(showingLine).not.toHaveText(before ?? ""); // and its count with it
  const showing = await showingLine.textContent();
  const count = Number(/Showing (\d+)/.exec(showing ?? "")?.[1]);
  expect(count).toBeGreaterThanOrEqual(2);
  const expected = {
    docx: "PBL-Templates-Professional-Guide.docx",
    csv: "PBL-Templates-Data.csv",
    json: "PBL-Templates-Complete-Data.json",
  };

  for (const format of ["json", "csv", "docx"] as const) {
    await page.getByRole("button", { name: "Select All" }).click();
    await expect(page.getByText(`${count} selected`)).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: format.toUpperCase(), exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(expected[format]);
    const file = fs.readFileSync(await download.path());
    if (format === "json") expect(JSON.parse(file.toString("utf8"))).toHaveLength(count);
    if (format === "csv") {
      expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(file.toString("utf8").split("\r\n")[0]).toContain("name");
    }
    if (format === "docx") expect(file.subarray(0, 2).toString()).toBe("PK");
    await expect(
      page.getByText(`${count} template(s) exported successfully as ${format.toUpperCase()}.`).first(),
    ).toBeVisible();
    await expect(page.getByText(/\d+ selected/)).toHaveCount(0); // the selection is cleared
  }
});

test("an admin approves a pending template and an instructor then sees it", async ({
  page,
  browser,
  request,
  superAdmin,
}) => {
  const author = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const authorSession = await loginViaApi(request, author.email, author.password);
  const created = await request.post("/api/templates", {
    headers: bearer(authorSession),
    data: {
      name: "Harbour Soundscape Studio",
      description:
        "Students record and compose a soundscape of the harbour after mastering acoustics basics.",
      discipline: "visual-arts",
      category: "creative",
      difficultyLevel: "beginner",
      estimatedDuration: "4 weeks",
      template: {
        phases: ["Pivot: acoustics", "Field recording", "Composition", "Listening event"],
        deliverables: ["Soundscape"],
        tools: ["Audacity"],
      },
    },
  });
  expect(created.status()).toBe(201);

  const colleague = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const colleagueContext = await browser.newContext();
  const colleaguePage = await colleagueContext.newPage();
  await openTemplates(colleaguePage, colleague.email, colleague.password);
  await colleaguePage.getByLabel("Search templates").fill("Harbour Soundscape");
  await expect(colleaguePage.getByRole("heading", { name: "No templates found" })).toBeVisible();

  await openTemplates(page, superAdmin.user.email, superAdmin.user.password);
  await page.getByLabel("Show pending templates only").check();
  await expect(page.getByRole("heading", { name: "Featured Templates" })).toHaveCount(0);
  const pending = card(page, "Harbour Soundscape Studio");
  await expect(pending.getByText("Pending")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await pending.getByRole("button", { name: "Approve Harbour Soundscape Studio" }).click();
  await expect(
    page.getByText("Template has been approved and is now available to all users.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText("No pending templates found.")).toBeVisible();

  await colleaguePage.reload();
  await colleaguePage.getByLabel("Search templates").fill("Harbour Soundscape");
  const approved = card(colleaguePage, "Harbour Soundscape Studio");
  await expect(approved).toBeVisible();
  await expect(approved.getByText("Pending")).toHaveCount(0);
  await expect(approved.getByRole("button", { name: "Use Template" })).toBeEnabled();
  await colleagueContext.close();
});

test("the library comes nine cards at a time; Select All still takes every match", async ({
  page,
  request,
  superAdmin,
}) => {
  await page.setViewportSize(PHONE);
  const _member = await signInAsNewUser(page, request, superAdmin.sessionId);
  await page.goto("/templates");
  const showingSome = page.getByText(/^Showing [1-9]\d* of \d+ templates$/);
  await expect(showingSome).toBeVisible();
  const matching = Number(/Showing (\d+)/.exec((await showingSome.textContent()) ?? "")?.[1]);
  expect(matching).toBeGreaterThan(18); // the seeded library

  // the cards (each card holds a list of its phases); the featured ones are in their own section
  const others = matching - (await featuredCount(page));
  expect(others).toBeGreaterThan(18);
  const cards = page.getByRole("list", { name: "Templates" }).locator(":scope > li");
  await expect(cards).toHaveCount(9);
  await expect(page.getByText(`9 of ${others} shown`)).toBeVisible();
  await page.getByRole("button", { name: "Show more templates" }).click();
  await expect(cards).toHaveCount(18);
  await expect(page.getByText(`18 of ${others} shown`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Select All" }).click();
  await expect(page.getByText(`${matching} selected`)).toBeVisible();
  await page.getByRole("button", { name: "Deselect All" }).click();

  // the featured templates, too
  const featured = page.getByRole("region", { name: "Featured Templates" }).locator(":scope > ul > li");
  await expect(featured).toHaveCount(9);
  await page.getByRole("button", { name: "Show more featured templates" }).click();
  await expect(featured).toHaveCount(Math.min(18, await featuredCount(page)));

  // another answer starts again at the first page
  await page.getByLabel("Discipline").selectOption("blockchain");
  await expect(featuredCard(page, FIRST_OF_THE_LIBRARY)).toHaveCount(0);
  await expect(card(page, "Blockchain Applications")).toBeVisible(); // a filter: featured ones in the grid
  await page.getByLabel("Discipline").selectOption("all");
  await expect(featuredCard(page, FIRST_OF_THE_LIBRARY)).toBeVisible();
  await expect(featured).toHaveCount(9);
  await expect(cards).toHaveCount(9);
});

test("the templates screen fits a phone", async ({ page, request, superAdmin }) => {
  await page.setViewportSize(PHONE);
  const _member = await signInAsNewUser(page, request, superAdmin.sessionId);
  await page.goto("/templates");
  await expect(page.getByText(/^Showing \d+ of \d+ templates$/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test("template search finds what a typo names, and the discipline filter lists the library's disciplines", async ({
  page,
  request,
  superAdmin,
}) => {
  // An administrator's template is approved at once: the library now holds Physics, which is not
  // one of the spec's thirteen filter values.
  const created = await request.post("/api/templates", {
    headers: bearer(superAdmin.sessionId),
    data: {
      name: "Pendulum Timing Lab",
      description: "Students time pendulums with phone sensors after mastering simple harmonic motion.",
      discipline: "physics",
      category: "laboratory",
      difficultyLevel: "beginner",
      estimatedDuration: "3 weeks",
      template: {
        phases: ["Pivot: harmonic motion", "Measure", "Model", "Report"],
        deliverables: ["Lab report"],
        tools: ["phyphox"],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const member = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await signInToDashboard(page, member);
  await page.goto("/templates");
  await expect(page.getByText(/^Showing \d+ of \d+ templates$/)).toBeVisible();

  const search = page.getByLabel("Search templates");
  for (const typo of ["enzime", "enzime kinetcs", "oral histroy", "gene expresion", "epidemc"]) {
    await search.fill(typo);
    const expected = {
      enzime: "Enzyme Kinetics Investigation",
      "enzime kinetcs": "Enzyme Kinetics Investigation",
      "oral histroy": "Community Oral History Archive",
      "gene expresion": "Gene Expression Lab and Bioethics Forum",
      epidemc: "Modelling an Epidemic",
    }[typo];
    await expect(page.getByText(`"${typo}"`)).toBeVisible(); // the active filter badge
    await expect(
      page.getByRole("list", { name: "Templates" }).getByRole("listitem").first(),
      typo,
    ).toContainText(expected as string);
  }
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Clear All" }).click();

  const discipline = page.getByLabel("Discipline");
  await expect(discipline.getByRole("option", { name: "Physics" })).toHaveCount(1);
  await expect(discipline.getByRole("option", { name: "Biochemistry" })).toHaveCount(1); // the spec's stay
  await discipline.selectOption("physics");
  await expect(templateCard(page, "Pendulum Timing Lab")).toBeVisible();
  await expect(page.getByText(/^Showing 1 of \d+ templates$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize(PHONE);
  await search.fill("enzime kinetcs");
  await discipline.selectOption("all");
  await expect(templateCard(page, "Enzyme Kinetics Investigation")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
