// The Rubrics screen (/rubrics): a rubric built with the keyboard alone (a cell's message where it
// belongs), saved, downloaded as CSV and Word; the Gold Standard start; a rubric generated from
// deliverables; delete with confirmation; axe-core at 1280 and 390 px, the grid a list on a phone.
import fs from "node:fs";
import {
  createApprovedUserViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  PHONE,
  signInToDashboard,
  tabTo,
  test,
} from "./fixtures.ts";

test("a rubric by keyboard, its messages at the cell, downloads, the Gold Standard and deliverables", async ({
  page,
  request,
  superAdmin,
}) => {
  test.setTimeout(180_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await page.setViewportSize(DESKTOP);
  await signInToDashboard(page, instructor);

  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Rubrics" })
    .click();
  await expect(page).toHaveURL(/\/rubrics$/);
  await expect(page.getByRole("heading", { name: "Rubrics", level: 2 })).toBeVisible();
  await expect(page.getByText(/No rubrics yet/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // New rubric, by keyboard: one criterion of four levels to start with.
  await tabTo(page, page.getByRole("button", { name: "New rubric" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "New rubric" })).toBeVisible();
  await tabTo(page, page.getByLabel("Rubric title"));
  await page.keyboard.type("Launch report");
  await tabTo(page, page.getByLabel("Criterion", { exact: true }).first());
  await page.keyboard.type("Reasoning");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Weight").first()).toBeFocused();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("2");
  // The first level's descriptor.
  await tabTo(page, page.getByLabel("Descriptor").first());
  await page.keyboard.type("Sound and complete reasoning.");
  // A second criterion; its third level's points left blank.
  await tabTo(page, page.getByRole("button", { name: "Add criterion" }));
  await page.keyboard.press("Enter");
  // The new criterion's title has the focus.
  await expect(page.getByLabel("Criterion", { exact: true }).nth(1)).toBeFocused();
  await page.keyboard.type("Evidence");
  const blankPoints = page.getByLabel("Points").nth(6);
  await tabTo(page, blankPoints);
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Backspace");
  await tabTo(page, page.getByRole("button", { name: "Save" }));
  await page.keyboard.press("Enter");
  await expect(blankPoints).toBeFocused();
  await expect(blankPoints).toHaveAccessibleDescription(
    'Criterion 2 ("Evidence"), level 3: points are required',
  );
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.type("2");
  // A fifth level for Evidence, then removed again.
  await tabTo(page, page.getByRole("button", { name: "Add level to Evidence" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: "Levels of Evidence" }).getByRole("listitem")).toHaveCount(5);
  await expect(page.getByLabel("Level title").nth(8)).toBeFocused();
  await tabTo(page, page.getByRole("button", { name: "Remove level 5 of Evidence" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: "Levels of Evidence" }).getByRole("listitem")).toHaveCount(4);
  await tabTo(page, page.getByRole("button", { name: "Save" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Edit rubric" })).toBeVisible();

  // Downloads of the saved rubric.
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toBe("launch-report-rubric.csv");
  const csv = fs.readFileSync(await csvFile.path(), "utf8");
  expect(csv).toContain("Criterion,Weight,Level 1 title,Level 1 points,Level 1 descriptor");
  expect(csv).toContain("Reasoning,2,Exemplary,4,Sound and complete reasoning.");
  const wordDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download Word" }).click();
  const wordFile = await wordDownload;
  expect(wordFile.suggestedFilename()).toBe("launch-report-rubric.docx");
  expect(
    fs
      .readFileSync(await wordFile.path())
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");

  await page.getByRole("button", { name: "Back to rubrics" }).click();
  const list = page.getByRole("list", { name: "Your rubrics" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Launch report");
  await expect(list).toContainText("2 criteria");

  // The Gold Standard: seven design elements, saved as they are.
  await page.getByRole("button", { name: "Start from the Gold Standard" }).click();
  await expect(page.getByRole("heading", { name: "New rubric" })).toBeVisible();
  await expect(page.getByLabel("Rubric title")).toHaveValue("Gold Standard project design");
  await expect(page.getByRole("list", { name: "Criteria" }).locator(":scope > li")).toHaveCount(7);
  await expect(page.getByLabel("Criterion", { exact: true }).nth(6)).toHaveValue("Public product");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Edit rubric" })).toBeVisible();
  await page.getByRole("button", { name: "Back to rubrics" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(2);

  // Generated from deliverables: the dialog's message, then one criterion each plus the pivot concepts.
  await page.getByRole("button", { name: "Generate from deliverables" }).click();
  const dialog = page.getByRole("dialog", { name: "Generate from deliverables" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel("Rubric title").fill("Pivot checkpoint");
  await dialog.getByRole("button", { name: "Generate" }).click();
  await expect(dialog.getByLabel("Deliverables, one per line")).toHaveAccessibleDescription(
    "Add at least one deliverable",
  );
  await dialog.getByLabel("Deliverables, one per line").fill("Concept map\nLab report");
  await dialog.getByRole("button", { name: "Generate" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Criterion", { exact: true })).toHaveCount(3);
  await expect(page.getByLabel("Criterion", { exact: true }).nth(2)).toHaveValue("Use of the pivot concepts");

  // At 390 px each criterion's levels are a list, with no sideways scroll.
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page, "the rubric builder");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Edit rubric" })).toBeVisible();

  // Delete, confirmed.
  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this rubric?" });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { name: "Rubrics", level: 2 })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list).not.toContainText("Pivot checkpoint");
  await expectNoSidewaysScroll(page, "the rubrics list");
  await expectNoSeriousA11yViolations(page);
});
