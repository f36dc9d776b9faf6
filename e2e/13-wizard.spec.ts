import fs from "node:fs";
import type { Page } from "@playwright/test";
import mammoth from "mammoth";
import {
  bearer,
  createApprovedUserViaApi,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  loginViaApi,
  PHONE,
  signInViaUi,
  test,
} from "./fixtures.ts";

// Issue 13, item 6: the wizard says why Complete is disabled, counts only steps with content and
// the title among the fields, moves the focus to the new step's heading, puts each part of a
// template where it belongs, names its files after the project and offers a Word file.

/** How far the page is wider than the screen (0 or less: no horizontal scrolling). */

const progress = (page: Page) =>
  page.getByRole("heading", { name: "Your Progress" }).locator("xpath=../..").textContent();

const completedMarks = (page: Page) => page.getByRole("list").getByRole("img", { name: "completed" });

test("the wizard is honest and keyboard friendly, and names its downloads after the project", async ({
  page,
  request,
  superAdmin,
}) => {
  const member = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await signInViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/methodology-wizard");
  await expect(page.getByText("Step 1 of 5")).toBeVisible();
  expect(await progress(page)).toContain("0 of 5 steps completed");
  expect(await progress(page)).toContain("0 of 13 fields filled");

  // The title is a field; a step with nothing in it is not completed, even once passed.
  await page.getByLabel("Project Title").fill("Harbour Water Study");
  await expect.poll(() => progress(page)).toContain("1 of 13 fields filled");
  expect(await progress(page)).toContain("0 of 5 steps completed");

  // Keyboard: Next moves the focus to the new step's heading, and Tab goes on to its first field.
  await page.getByRole("button", { name: "Next" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Step 2 of 5")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Define Core Concepts (Pivot)" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Core Concepts")).toBeFocused();
  await expect(completedMarks(page)).toHaveCount(0);

  for (const [next, title] of [
    [3, "Plan Applications (Launch)"],
    [4, "Assessment Strategy"],
    [5, "Implementation Plan"],
  ] as const) {
    await page.getByRole("button", { name: "Next" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(`Step ${next} of 5`)).toBeVisible();
    await expect(page.getByRole("heading", { name: title })).toBeFocused();
  }
  // The steps passed on the way hold nothing, so none counts as completed.
  expect(await progress(page)).toContain("0 of 5 steps completed");
  await expect(completedMarks(page)).toHaveCount(0);

  // Complete, disabled, says why, at the button.
  const complete = page.getByRole("button", { name: "Complete" });
  await expect(complete).toBeDisabled();
  await expect(complete).toHaveAccessibleDescription("Choose a discipline on step 1.");
  await expect(page.getByText("Choose a discipline on step 1.", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByRole("heading", { name: "Assessment Strategy" })).toBeFocused();
  await page.getByLabel("Core Knowledge Assessment").fill("Weekly titration quiz");
  for (let i = 0; i < 3; i += 1) await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByRole("heading", { name: "Select Your Discipline" })).toBeFocused();
  await page.getByLabel("Discipline").selectOption("chemistry");
  await expect.poll(() => progress(page)).toContain("2 of 5 steps completed");
  expect(await progress(page)).toContain("3 of 13 fields filled");
  await expect(completedMarks(page)).toHaveCount(2);
  for (let i = 0; i < 4; i += 1) await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Project Timeline").fill("6 weeks");
  await expect(complete).toBeEnabled();
  await expect(complete).toHaveAccessibleDescription("");
  await expect(page.getByText("Choose a discipline on step 1.", { exact: true })).toHaveCount(0);

  // A Word file beside the text file, both named after the project, without saving.
  const [word] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Word (.docx)" }).click(),
  ]);
  expect(word.suggestedFilename()).toMatch(/^harbour-water-study-methodology-\d{4}-\d{2}-\d{2}\.docx$/);
  const { value: wordText } = await mammoth.extractRawText({ buffer: fs.readFileSync(await word.path()) });
  expect(wordText).toContain("Project: Harbour Water Study");
  expect(wordText).toContain("Core Knowledge Assessment: Weekly titration quiz");
  expect(wordText).toContain("Project Timeline: 6 weeks");
  const [text] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Text (.txt)" }).click(),
  ]);
  expect(text.suggestedFilename()).toMatch(/^harbour-water-study-methodology-\d{4}-\d{2}-\d{2}\.txt$/);
  const sessionId = await loginViaApi(request, member.email, member.password);
  const none = await request.get(`/api/projects/faculty/${member.id}`, { headers: bearer(sessionId) });
  expect(await none.json()).toEqual([]); // downloading did not save

  // A phone's width: the last step with its downloads fits the screen.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole("button", { name: "Word (.docx)" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  const [saved] = await Promise.all([page.waitForEvent("download"), complete.click()]);
  expect(saved.suggestedFilename()).toMatch(/^harbour-water-study-methodology-\d{4}-\d{2}-\d{2}\.txt$/);
  expect(fs.readFileSync(await saved.path(), "utf8")).toContain("Project: Harbour Water Study\n");
  await expect(page).toHaveURL(/\/dashboard$/);
  const projects = await request.get(`/api/projects/faculty/${member.id}`, { headers: bearer(sessionId) });
  expect(await projects.json()).toEqual([
    expect.objectContaining({ title: "Harbour Water Study", discipline: "chemistry" }),
  ]);
});

test("Use Template puts pivot phases, launch phases, deliverables and tools where they belong", async ({
  page,
  request,
  superAdmin,
}) => {
  const member = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await signInViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/templates");
  await page.getByRole("button", { name: "View details of Blockchain Applications" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Use This Template" }).click();
  await expect(page).toHaveURL(/mode=create-project&templateId=\d+/);
  await expect(page.getByLabel("Project Title")).toHaveValue("Blockchain Applications");
  await expect(page.getByLabel("Discipline")).toHaveValue("blockchain");

  await page.getByRole("button", { name: "Next" }).click();
  // the library's two "Pivot:" phases, without their mark; its outcomes bound the core assessment
  await expect(page.getByLabel("Core Concepts")).toHaveValue(
    [
      "Master hashing, Merkle trees and digital signatures through three short retrieval quizzes spaced over two weeks",
      "Compare proof of work, proof of stake and permissioned BFT consensus in a one-page trade-off table that each team defends in class",
    ].join("\n"),
  );
  await expect(page.getByLabel("Assessment Boundaries")).toHaveValue(
    /^Explain how hashing, Merkle trees and consensus/,
  );
  await page.getByRole("button", { name: "Next" }).click();
  const applications = (await page.getByLabel("Application Contexts").inputValue()).split("\n");
  expect(applications).toHaveLength(5);
  expect(applications[0]).toMatch(/^Interview the partner/);
  expect(applications.at(-1)).toBe(
    "Demo the prototype to the partner and submit a reflective report on where a conventional database would have done better",
  );
  expect(applications.join("\n")).not.toMatch(/Pivot|hashing, Merkle/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("Application Assessment")).toHaveValue(
    /^One-page problem statement with the 'why a ledger\?' test\n/,
  );
  await expect(page.getByLabel("Anti-Overload Measures")).toHaveValue(/^Open every build week with/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("Required Resources")).toHaveValue(/^Hardhat, Solidity with OpenZeppelin/);
  await expect(page.getByLabel("Success Metrics")).toHaveValue(
    /\nPartner demo and a 1,500-word reflective report$/,
  );
  await expect(page.getByLabel("Project Timeline")).toHaveValue("8-12 weeks");
  expect(await progress(page)).toContain("5 of 5 steps completed");
  await expectNoSeriousA11yViolations(page);
});
