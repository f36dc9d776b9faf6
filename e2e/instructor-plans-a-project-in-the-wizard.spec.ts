// The Methodology Wizard from start to Complete: the draft survives a reload, the file and the
// project are saved; a template pre-fills it (each part where it belongs) and create-template mode
// saves a pending template. The wizard says why Complete is disabled, counts only steps with content,
// moves the focus to the new step's heading, and names its downloads (Word too) after the project.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import mammoth from "mammoth";
import {
  bearer,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  loginViaApi,
  PHONE,
  signInAsNewUser,
  test,
} from "./fixtures.ts";

// The wizard says why Complete is disabled, counts only steps with content and
// the title among the fields, moves the focus to the new step's heading, puts each part of a
// template where it belongs, names its files after the project and offers a Word file.

/** How far the page is wider than the screen (0 or less: no horizontal scrolling). */

const progress = (page: Page) =>
  page.getByRole("heading", { name: "Your Progress" }).locator("xpath=../..").textContent();

const completedMarks = (page: Page) => page.getByRole("list").getByRole("img", { name: "completed" });

test("the wizard from start to Complete: draft survives a reload, the file and the project are saved", async ({
  page,
  request,
  superAdmin,
}) => {
  const member = await signInAsNewUser(page, request, superAdmin.sessionId);
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Methodology Wizard" })
    .click();
  await expect(page.getByText("Step 1 of 5")).toBeVisible();
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Project Title").fill("Harbour Water Study");
  await page.getByLabel("Discipline").selectOption("chemistry");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Step 2 of 5")).toBeVisible();
  await page.getByLabel("Core Concepts").fill("Calibration curves\nDetection limits");
  await page.reload();
  await expect(page.getByText("Step 2 of 5")).toBeVisible();
  await expect(page.getByLabel("Core Concepts")).toHaveValue("Calibration curves\nDetection limits");

  for (const next of [3, 4, 5]) {
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText(`Step ${next} of 5`)).toBeVisible();
  }
  await page.getByLabel("Project Timeline").fill("6 weeks");
  await expectNoSeriousA11yViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Complete" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^harbour-water-study-methodology-\d{4}-\d{2}-\d{2}\.txt$/);
  // written by the server (POST /api/exports/methodology) once the project was saved
  const text = fs.readFileSync(await download.path(), "utf8");
  expect(text.startsWith("PIVOT-AND-LAUNCH PBL METHODOLOGY\nProject: Harbour Water Study\nCreated: ")).toBe(
    true,
  );
  expect(text).toContain("STEP 1: SELECT YOUR DISCIPLINE\nDiscipline: Chemistry\n");
  expect(text).toContain(
    "Core Concepts: Calibration curves\nDetection limits\nAssessment Boundaries: Not specified yet",
  );
  expect(text).toContain("Discipline: Chemistry");
  expect(text).toContain("Core Concepts: Calibration curves");
  expect(text).toContain("Project Timeline: 6 weeks");
  expect(text).toContain("Class Size: Not specified yet");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Congratulations!", { exact: true }).first()).toBeVisible();

  const sessionId = await loginViaApi(request, member.email, member.password);
  const projects = await request.get(`/api/projects/faculty/${member.id}`, {
    headers: bearer(sessionId),
  });
  expect(await projects.json()).toEqual([
    expect.objectContaining({
      title: "Harbour Water Study",
      discipline: "chemistry",
      methodology: expect.objectContaining({ timeline: "6 weeks" }),
    }),
  ]);
});

test("a template pre-fills the wizard, and create-template mode saves a pending template", async ({
  page,
  request,
  superAdmin,
}) => {
  const member = await signInAsNewUser(page, request, superAdmin.sessionId);
  await page.goto("/templates");
  await page.getByRole("button", { name: "View details of Blockchain Applications" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Use This Template" }).click();
  await expect(page).toHaveURL(/mode=create-project&templateId=\d+/);
  await expect(page.getByLabel("Project Title")).toHaveValue("Blockchain Applications");
  await expect(page.getByLabel("Discipline")).toHaveValue("blockchain");

  await page.goto("/methodology-wizard?mode=create-template");
  // spec A §5: Complete stays disabled until a discipline is chosen
  for (let i = 0; i < 4; i += 1) await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("button", { name: "Complete" })).toBeDisabled();
  for (let i = 0; i < 4; i += 1) await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByText("Step 1 of 5")).toBeVisible();
  await page.getByLabel("Template Name").fill("Harbour Soundscape Lab");
  await page.getByLabel("Discipline").selectOption("digital-media");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Core Concepts").fill("Acoustics basics");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Application Contexts").fill("Field recording at the harbour\nComposition studio");
  for (let i = 0; i < 2; i += 1) await page.getByRole("button", { name: "Next" }).click();
  await page
    .getByLabel("Template Description")
    .fill("Students record and compose a soundscape of their harbour.");
  await page.getByLabel("Category").selectOption("creative");
  const [templateDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Complete" }).click(),
  ]);
  expect(templateDownload.suggestedFilename()).toMatch(
    /^harbour-soundscape-lab-methodology-\d{4}-\d{2}-\d{2}\.txt$/,
  );
  const templateText = fs.readFileSync(await templateDownload.path(), "utf8");
  expect(templateText).toContain("Project: Harbour Soundscape Lab\n");
  expect(templateText).toContain(
    "Application Contexts: Field recording at the harbour\nComposition studio\n",
  );
  await expect(page).toHaveURL(/\/templates$/);
  const sessionId = await loginViaApi(request, member.email, member.password);
  const mine = await request.get("/api/templates/search?q=Harbour%20Soundscape%20Lab", {
    headers: bearer(sessionId),
  });
  expect(await mine.json()).toEqual([
    expect.objectContaining({
      name: "Harbour Soundscape Lab",
      status: "pending",
      template: expect.objectContaining({ phases: ["Field recording at the harbour", "Composition studio"] }),
    }),
  ]);
});

test("the wizard is honest and keyboard friendly, and names its downloads after the project", async ({
  page,
  request,
  superAdmin,
}) => {
  const member = await signInAsNewUser(page, request, superAdmin.sessionId);
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
  const _member = await signInAsNewUser(page, request, superAdmin.sessionId);
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
