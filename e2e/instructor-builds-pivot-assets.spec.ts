// The Pivot Assets screen (/pivot-assets): a discipline and a card, a flashcard and a concept check,
// a review session by keyboard only (Space, 1 to 4, Undo), Due Today and mastery changing, a worked
// example, export and import, and "Create pivot cards" from a project; axe-core on the screen and
// every dialog at 1280 and 390 px.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import {
  createApprovedUserViaApi,
  createProjectViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  loginViaApi,
  PHONE,
  signInToDashboard,
  tabTo,
  test,
} from "./fixtures.ts";

const stat = (page: Page, id: string) => page.getByTestId(id);
const cards = (page: Page) => page.getByRole("list", { name: "Your pivot cards" }).getByRole("listitem");

test("a discipline, a card, two items, a keyboard review session, figures, a worked example, export and import", async ({
  page,
  request,
  superAdmin,
}) => {
  test.setTimeout(180_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await page.setViewportSize(DESKTOP);
  await signInToDashboard(page, instructor);

  // Main Features holds it (spec B §2).
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Pivot Assets" })
    .click();
  await expect(page).toHaveURL(/\/pivot-assets$/);
  await expect(page.getByRole("heading", { name: "Pivot Assets", level: 2 })).toBeVisible();
  await expect(page.getByPlaceholder("Search pivot cards and concepts")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No pivot cards yet" })).toBeVisible();
  await expect(page.getByText(/create a card for it/)).toBeVisible();
  const filter = page.getByLabel("Discipline", { exact: true });
  await expect(filter.locator("option").first()).toHaveText("All Disciplines");
  await expect(filter.locator("option", { hasText: "Information Systems" })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // "+ Add New Discipline" in the filter opens the dialog; the spec's messages for empty and duplicate.
  await filter.selectOption({ label: "+ Add New Discipline" });
  const disciplineDialog = page.getByRole("dialog", { name: "Add New Discipline" });
  await expect(disciplineDialog).toBeVisible();
  await expect(filter).toHaveValue("all");
  await expectNoSeriousA11yViolations(page);
  await disciplineDialog.getByRole("button", { name: "Add Discipline" }).click();
  await expect(disciplineDialog.getByText("Please enter a discipline name.", { exact: true })).toBeVisible();
  await disciplineDialog.getByLabel("Discipline name").fill("biology");
  await disciplineDialog.getByRole("button", { name: "Add Discipline" }).click();
  await expect(
    disciplineDialog.getByText("A discipline with this name already exists.", { exact: true }),
  ).toBeVisible();
  await disciplineDialog.getByLabel("Discipline name").fill("Marine Biology");
  await disciplineDialog.getByRole("button", { name: "Add Discipline" }).click();
  await expect(disciplineDialog).toBeHidden();
  await expect(
    page
      .getByText(/Marine Biology/)
      .and(page.getByText(/created/))
      .first(),
  ).toBeVisible();
  await expect(filter).toHaveValue("marine-biology");
  await expect(filter).toBeFocused();
  await filter.selectOption("all");

  // Create New Card: the spec's required message, then the success alert text.
  await page.getByRole("button", { name: "Create New Card" }).first().click();
  const cardDialog = page.getByRole("dialog", { name: "Create New Card" });
  await expect(cardDialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await cardDialog.getByRole("button", { name: "Create Card" }).click();
  await expect(
    cardDialog.getByText("Please fill in all required fields (title, discipline, and definition).", {
      exact: true,
    }),
  ).toBeVisible();
  await cardDialog.getByLabel("Title (required)").fill("  Osmosis  ");
  await cardDialog.getByLabel("Discipline (required)").selectOption({ label: "Marine Biology" });
  await cardDialog
    .getByLabel("Definition (required)")
    .fill("Water moves across a semi-permeable membrane toward the side with more dissolved solute.");
  await cardDialog
    .getByLabel("Common misconceptions (separated by commas)")
    .fill("water moves toward less salt, membranes block all water");
  await cardDialog.getByRole("button", { name: "Create Card" }).click();
  await expect(cardDialog).toBeHidden();
  await expect(page.getByText('Successfully created pivot card: "Osmosis"', { exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  const osmosis = cards(page).first();
  await expect(osmosis.getByRole("heading", { name: "Osmosis" })).toBeVisible();
  await expect(osmosis.getByTestId("discipline-badge")).toHaveText("Marine Biology");
  await expect(osmosis.getByTestId("mastery-percent")).toHaveText(/^0%/);
  await expect(osmosis.getByTestId("retrieval-count")).toHaveText("0 retrievals");
  await expect(osmosis.locator(".line-clamp-3")).toHaveCount(1);

  // The search narrows the grid.
  await page.getByPlaceholder("Search pivot cards and concepts").fill("photosynthesis");
  await expect(page.getByRole("heading", { name: "No matching cards" })).toBeVisible();
  await page.getByPlaceholder("Search pivot cards and concepts").fill("osmo");
  await expect(cards(page)).toHaveCount(1);
  await page.getByPlaceholder("Search pivot cards and concepts").fill("");

  // Retrieval Practice: figures from the API; a flashcard and a concept check.
  await page.getByRole("tab", { name: "Retrieval Practice" }).click();
  await expect(stat(page, "stat-due-today")).toHaveText("0");
  await expect(stat(page, "stat-completed")).toHaveText("0");
  await expect(stat(page, "stat-overdue")).toHaveText("0");
  await page.getByRole("button", { name: "Add Retrieval Item" }).click();
  const itemDialog = page.getByRole("dialog", { name: "Add Retrieval Item" });
  await expect(itemDialog).toBeVisible();
  await expect(itemDialog.getByLabel("Pivot card")).toHaveValue(/\d+/); // the only card, chosen
  await expectNoSeriousA11yViolations(page);
  await itemDialog.getByRole("button", { name: "Add Item" }).click();
  await expect(itemDialog.getByText("Question is required")).toBeVisible();
  await itemDialog.getByLabel("Question").fill("Which way does water move in osmosis?");
  await itemDialog.getByLabel("Answer").fill("Toward the side with more dissolved solute.");
  await itemDialog.getByRole("button", { name: "Add Item" }).click();
  await expect(itemDialog).toBeHidden();
  await expect(stat(page, "stat-due-today")).toHaveText("1");

  await page.getByRole("button", { name: "Add Retrieval Item" }).click();
  await expect(itemDialog).toBeVisible();
  await itemDialog.getByLabel("Type").selectOption("concept-check");
  await itemDialog.getByLabel("Question").fill("A cell in salt water...");
  await itemDialog.getByRole("textbox", { name: "Option 1", exact: true }).fill("swells");
  await itemDialog.getByRole("textbox", { name: "Option 2", exact: true }).fill("shrinks");
  await itemDialog.getByRole("button", { name: "Add option" }).click();
  await expect(itemDialog.getByRole("textbox", { name: "Option 3", exact: true })).toBeFocused();
  await page.keyboard.type("stays the same");
  await itemDialog.getByRole("button", { name: "Add Item" }).click();
  await expect(itemDialog.getByText("Choose the correct option")).toBeVisible();
  await itemDialog.getByRole("radio", { name: /Option 2/ }).check();
  await expectNoSeriousA11yViolations(page);
  await itemDialog.getByRole("button", { name: "Add Item" }).click();
  await expect(itemDialog).toBeHidden();
  await expect(stat(page, "stat-due-today")).toHaveText("2");
  const items = page
    .getByRole("list", { name: "Your retrieval items" })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading", { level: 4 }),
    });
  await expect(items).toHaveCount(2);
  const check = items.filter({ hasText: "A cell in salt water..." });
  await expect(check.getByText("B. shrinks (correct)")).toBeVisible();
  await expect(check.getByText("Concept check", { exact: true })).toBeVisible();
  await expect(items.filter({ hasText: "Which way" }).getByText("Never")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The review session, keyboard only.
  const start = page.getByRole("button", { name: "Start review" });
  await tabTo(page, start);
  await page.keyboard.press("Enter");
  const session = page.getByRole("dialog", { name: "Review Session" });
  await expect(session).toBeVisible();
  await expect(session.getByText("Item 1 of 2")).toBeVisible();
  const firstQuestion = (await session.getByTestId("review-question").innerText()).split("\n")[0];
  // Space shows the answer; a concept check first asks for an option (B: shrinks).
  const reveal = async () => {
    if ((await session.getByTestId("review-question").innerText()).includes("A cell in salt water")) {
      await page.keyboard.press(" ");
      await expect(session.getByText("Choose an option first (A, B, C...).")).toBeVisible();
      await page.keyboard.press("b");
    }
    await page.keyboard.press(" ");
  };
  await reveal();
  await expect(session.getByTestId("review-answer")).toBeVisible();
  // The buttons show each grade's next interval, as the API computed it with ts-fsrs.
  const buttons = session.getByRole("group", { name: "Grade your recall" }).getByRole("button");
  await expect(buttons).toHaveText([
    /^1 Again · \d+ min$/,
    /^2 Hard · \d+ min$/,
    /^3 Good · \d+ min$/,
    /^4 Easy · \d+ d$/,
  ]);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("1"); // Again: the item comes back at the end of this session.
  await expect(session.getByText("Item 2 of 3")).toBeVisible();
  // Undo the Again: back to the first item, its grade taken back on the server.
  const undo = session.getByRole("button", { name: "Undo last" });
  await tabTo(page, undo);
  await page.keyboard.press("Enter");
  await expect(session.getByText("Item 1 of 2")).toBeVisible();
  await expect(session.getByTestId("review-question")).toContainText(firstQuestion ?? "");
  await session.getByTestId("review-question").focus();
  await reveal();
  await page.keyboard.press("4"); // Easy
  await expect(session.getByText("Item 2 of 2")).toBeVisible();
  await reveal();
  await expect(session.getByTestId("review-answer")).toBeVisible();
  await page.keyboard.press("4");
  const summary = session.getByTestId("review-summary");
  await expect(summary.getByRole("heading", { name: "Session complete: 2 items reviewed" })).toBeVisible();
  await expect(summary.getByRole("listitem").filter({ hasText: "Easy" })).toContainText("2");
  await expect(summary.getByRole("listitem").filter({ hasText: "Again" })).toContainText("0");
  await page.keyboard.press("Escape");
  await expect(session).toBeHidden();
  await expect(start).toBeFocused();

  // Figures refreshed: nothing due today any more, two reviews this week (the undone one is gone).
  await expect(stat(page, "stat-due-today")).toHaveText("0");
  await expect(stat(page, "stat-completed")).toHaveText("2");
  await expect(items.filter({ hasText: "Which way" }).getByText("Never")).toHaveCount(0);

  // Mastery is recall 30 days after the last review: one Easy review of a new item (stability
  // 8.30 days) makes 79 %, whatever the recall right now.
  await page.getByRole("tab", { name: "Mastery Analytics" }).click();
  await expect(stat(page, "stat-average-mastery")).toHaveText("79%");
  await expect(stat(page, "stat-at-risk")).toHaveText("0");
  await expect(stat(page, "stat-cognitive-load")).toHaveText("No check-ins yet");
  const progression = page.getByRole("list", { name: "Your own mastery by card" }).getByRole("listitem");
  await expect(progression).toHaveCount(1);
  await expect(progression.first()).toContainText("Osmosis");
  await expect(progression.first().getByTestId("mastery-percent")).toHaveText(/^79%/);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("tab", { name: "Pivot Cards" }).click();
  await expect(osmosis.getByTestId("mastery-percent")).toHaveText(/^79%/);
  await expect(osmosis.getByTestId("retrieval-count")).toHaveText("2 retrievals");

  // A worked example: steps added, one moved up, a prompt and a completion problem.
  await page.getByRole("tab", { name: "Worked Examples" }).click();
  await expect(page.getByRole("heading", { name: "No worked examples yet" })).toBeVisible();
  await page.getByRole("button", { name: "Create Example" }).click();
  const exampleDialog = page.getByRole("dialog", { name: "Create Worked Example" });
  await expect(exampleDialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await exampleDialog.getByLabel("Title").fill("Red blood cell in sea water");
  await exampleDialog.getByLabel("Step 1", { exact: true }).fill("Compare the solute inside and outside");
  await exampleDialog.getByLabel("Step 2", { exact: true }).fill("Water leaves the cell");
  await exampleDialog.getByRole("button", { name: "Add step" }).click();
  // The new step takes the focus (after a render): typing before it arrives lost the first letters.
  await expect(exampleDialog.getByLabel("Step 3", { exact: true })).toBeFocused();
  await page.keyboard.type("Sea water has more solute");
  await exampleDialog.getByRole("button", { name: "Move Step 3 up" }).click();
  await exampleDialog
    .getByLabel("Prompt 1", { exact: true })
    .fill("Why does the cell shrink rather than swell?");
  await exampleDialog.getByLabel("Completion problem").fill("A plant cell in pure water: what happens?");
  await exampleDialog.getByRole("button", { name: "Create Example" }).click();
  await expect(exampleDialog).toBeHidden();
  const example = page.getByRole("list", { name: "Your worked examples" }).getByRole("listitem").first();
  await expect(example.getByText("Card: Osmosis")).toBeVisible();
  await expect(example.locator("ol > li")).toHaveText([
    "Compare the solute inside and outside",
    "Sea water has more solute",
    "Water leaves the cell",
  ]);
  await expect(example).toContainText("Why does the cell shrink rather than swell?");
  await expect(example).toContainText("A plant cell in pure water: what happens?");

  // Export CSV, then import it back with one bad row and one new card: the preview reports the
  // bad line, shows the exported card and items as already there (skipped), and adds only the new card.
  await page.getByRole("tab", { name: "Pivot Cards" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("pivot-cards.csv");
  const csv = fs.readFileSync(await file.path(), "utf8");
  expect(csv.split("\r\n")[0]).toContain("title,discipline,definition");
  expect(csv).toContain("Osmosis");
  const withBad = `${csv.trimEnd()}\r\n,Marine Biology,No title here,,,,,,,,,\r\nDiffusion,Marine Biology,Spreading from more to less concentrated.,,,,,,,,,\r\n`;
  const importFile = test.info().outputPath("import.csv");
  fs.writeFileSync(importFile, withBad);
  await page.getByRole("button", { name: "Import CSV" }).click();
  const importDialog = page.getByRole("dialog", { name: "Import Pivot Cards" });
  await importDialog.getByLabel("CSV file").setInputFiles(importFile);
  const preview = importDialog.getByTestId("import-preview");
  await expect(preview).toContainText(
    "1 card and 0 retrieval items will be added; 1 card and 2 retrieval items are already in your Pivot Assets and will be skipped; 1 row will be skipped.",
  );
  const previewRows = preview.getByRole("row");
  await expect(previewRows.filter({ hasText: "Osmosis" })).toHaveCount(2);
  for (const row of await previewRows.filter({ hasText: "Osmosis" }).all())
    await expect(row).toContainText("Skipped");
  await expect(previewRows.filter({ hasText: "Diffusion" })).toContainText("Added");
  await expect(importDialog.getByRole("list", { name: "Rows that will be skipped" })).toContainText(
    "Line 4: Please fill in all required fields (title, discipline, and definition).",
  );
  await expectNoSeriousA11yViolations(page);
  await importDialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(importDialog).toBeHidden();
  await expect(cards(page)).toHaveCount(2);

  // Delete asks first; Cancel keeps the card.
  await cards(page)
    .first()
    .getByRole("button", { name: /Delete/ })
    .click();
  const confirm = page.getByRole("dialog", { name: 'Delete "Diffusion"?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Delete Card" }).click();
  await expect(cards(page)).toHaveCount(1);

  // 390 px: no sideways scrolling, axe on the screen, a tab and a dialog.
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("tab", { name: "Retrieval Practice" }).click();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Practice Settings" }).click();
  const settings = page.getByRole("dialog", { name: "Practice Settings" });
  await expect(settings.getByLabel(/Desired retention/)).toHaveValue("0.90");
  await settings.getByLabel(/Desired retention/).fill("0.99");
  await settings.getByRole("button", { name: "Save Settings" }).click();
  await expect(settings.getByText("Desired retention must be between 0.7 and 0.97")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await settings.getByLabel(/Desired retention/).fill("0.85");
  await settings.getByRole("button", { name: "Save Settings" }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByText("Reviews are now scheduled for 85% recall.", { exact: true })).toBeVisible();
  // Stored: the dialog opens with it again.
  await page.getByRole("button", { name: "Practice Settings" }).click();
  await expect(settings.getByLabel(/Desired retention/)).toHaveValue("0.85");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Add Retrieval Item" }).click();
  await expect(itemDialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");

  // Suggest items without an AI key: the built-in drafts (a definition flashcard, one true/false
  // check per misconception); only the ones kept are saved.
  const phoneItems = page
    .getByRole("list", { name: "Your retrieval items" })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading", { level: 4 }),
    });
  await expect(phoneItems).toHaveCount(2);
  await page.getByRole("button", { name: "Suggest items" }).click();
  const suggest = page.getByRole("dialog", { name: "Suggest Retrieval Items" });
  await suggest.getByRole("button", { name: "Suggest items" }).click();
  const drafts = suggest.getByRole("list", { name: "Suggested items" }).getByRole("listitem");
  await expect(drafts).toHaveCount(3);
  await expect(drafts.first()).toContainText("What is Osmosis?");
  await expect(drafts.nth(1)).toContainText("True or false: water moves toward less salt");
  await expectNoSeriousA11yViolations(page);
  await drafts.nth(2).getByRole("checkbox").uncheck();
  await suggest.getByRole("button", { name: "Save 2 items" }).click();
  await expect(suggest).toBeHidden();
  await expect(phoneItems).toHaveCount(4);
  await expect(phoneItems.filter({ hasText: "membranes block all water" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Mastery Analytics" }).click();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test("Create pivot cards from a project's pivot concepts, linked to the project", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const session = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, session, {
    title: "Tide Pool Field Study",
    discipline: "biology",
    methodology: {
      pivotConcepts:
        "Osmosis: water crosses a membrane toward more solute\nDiffusion: particles spread from high to low concentration",
    },
  });
  await page.setViewportSize(PHONE);
  await signInToDashboard(page, instructor);
  await page.goto(`/projects/${project.id}`);
  await page.getByRole("button", { name: "Create pivot cards" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Pivot Cards" });
  const drafts = dialog.getByRole("list", { name: "Draft pivot cards" }).getByRole("listitem");
  await expect(drafts).toHaveCount(2);
  await expect(drafts.first().getByLabel("Title (required)")).toHaveValue("Osmosis");
  await expect(drafts.first().getByLabel("Definition (required)")).toHaveValue(
    "water crosses a membrane toward more solute",
  );
  await expectNoSeriousA11yViolations(page);
  await drafts.nth(1).getByRole("checkbox").uncheck();
  await dialog.getByRole("button", { name: "Create 1 card" }).click();
  await expect(dialog.getByText("1 card created.")).toBeVisible();
  await dialog.getByRole("link", { name: "Open Pivot Assets" }).click();
  await expect(page).toHaveURL(/\/pivot-assets$/);
  const card = cards(page);
  await expect(card).toHaveCount(1);
  await expect(card.first().getByRole("heading", { name: "Osmosis" })).toBeVisible();
  await expect(card.first().getByTestId("discipline-badge")).toHaveText("Biology");
  await expect(card.first().getByRole("link", { name: "Tide Pool Field Study" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("every dialog of the screen passes axe at 1280 and 390 px, and edits keep what they do not change", async ({
  page,
  request,
  superAdmin,
}) => {
  test.setTimeout(180_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const session = await loginViaApi(request, instructor.email, instructor.password);
  const headers = { Authorization: `Bearer ${session}` };
  const created = await request.post("/api/pivot-cards", {
    headers,
    data: {
      title: "Supply and demand",
      discipline: "economics",
      definition: "Prices balance what is offered and wanted.",
    },
  });
  expect(created.status()).toBe(201);
  const card = (await created.json()) as { id: number };
  const item = await request.post("/api/retrieval-items", {
    headers,
    data: {
      pivotCardId: card.id,
      type: "flashcard",
      question: "What sets a price?",
      answer: "Supply and demand.",
    },
  });
  expect(item.status()).toBe(201);
  const example = await request.post("/api/worked-examples", {
    headers,
    data: {
      pivotCardId: card.id,
      title: "Coffee prices after a frost",
      steps: ["Supply falls", "Price rises"],
    },
  });
  expect(example.status()).toBe(201);

  await signInToDashboard(page, instructor);
  await page.goto("/pivot-assets");
  await expect(cards(page)).toHaveCount(1);

  const dialogs: Array<{ tab: string; open: () => Promise<unknown>; name: string }> = [
    {
      tab: "Pivot Cards",
      name: "Create New Card",
      open: () => page.getByRole("button", { name: "Create New Card" }).click(),
    },
    {
      tab: "Pivot Cards",
      name: "Edit Card",
      open: () => cards(page).first().getByRole("button", { name: /Edit/ }).click(),
    },
    {
      tab: "Pivot Cards",
      name: "Import Pivot Cards",
      open: () => page.getByRole("button", { name: "Import CSV" }).click(),
    },
    {
      tab: "Pivot Cards",
      name: 'Delete "Supply and demand"?',
      open: () =>
        cards(page)
          .first()
          .getByRole("button", { name: /Delete/ })
          .click(),
    },
    {
      tab: "Pivot Cards",
      name: "Add New Discipline",
      open: () =>
        page.getByLabel("Discipline", { exact: true }).selectOption({ label: "+ Add New Discipline" }),
    },
    {
      tab: "Pivot Cards",
      name: "Practice Settings",
      open: () => page.getByRole("button", { name: "Practice Settings" }).click(),
    },
    {
      tab: "Worked Examples",
      name: "Create Worked Example",
      open: () => page.getByRole("button", { name: "Create Example" }).click(),
    },
    {
      tab: "Worked Examples",
      name: "Edit Worked Example",
      open: () => page.getByRole("button", { name: /Edit Coffee prices/ }).click(),
    },
    {
      tab: "Retrieval Practice",
      name: "Add Retrieval Item",
      open: () => page.getByRole("button", { name: "Add Retrieval Item" }).click(),
    },
    {
      tab: "Retrieval Practice",
      name: "Suggest Retrieval Items",
      open: () => page.getByRole("button", { name: "Suggest items" }).click(),
    },
    {
      tab: "Retrieval Practice",
      name: "Review Session",
      open: () => page.getByRole("button", { name: "Start review" }).click(),
    },
  ];
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    for (const tab of ["Pivot Cards", "Worked Examples", "Retrieval Practice", "Mastery Analytics"]) {
      await page.getByRole("tab", { name: tab }).click();
      await expectNoSidewaysScroll(page, tab);
      await expectNoSeriousA11yViolations(page);
    }
    for (const entry of dialogs) {
      await page.getByRole("tab", { name: entry.tab }).click();
      await entry.open();
      const dialog = page.getByRole("dialog", { name: entry.name });
      await expect(dialog, `${entry.name} at ${size.width}`).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  }

  // An edit sends the whole card again; what was not touched stays, the spec's defaults included.
  await page.getByRole("tab", { name: "Pivot Cards" }).click();
  await cards(page).first().getByRole("button", { name: /Edit/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit Card" });
  await expect(edit.getByLabel("Discipline (required)")).toHaveValue("economics");
  await expect(edit.getByLabel("Constraints")).toHaveValue("");
  await edit.getByLabel("Title (required)").fill("Supply and demand curves");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(cards(page).first().getByRole("heading", { name: "Supply and demand curves" })).toBeVisible();
  const stored = await request.get(`/api/pivot-cards/${card.id}`, { headers });
  const body = (await stored.json()) as {
    title: string;
    constraints: string;
    definition: string;
    discipline: string;
  };
  expect(body).toMatchObject({
    title: "Supply and demand curves",
    constraints: "Not specified",
    definition: "Prices balance what is offered and wanted.",
    discipline: "economics",
  });
});
