import fs from "node:fs";
import {
  bearer,
  createApprovedUserViaApi,
  expect,
  expectNoSeriousA11yViolations,
  loginViaApi,
  signInViaUi,
  test,
} from "./fixtures.ts";

test("the wizard from start to Complete: draft survives a reload, the file and the project are saved", async ({
  page,
  request,
  superAdmin,
}) => {
  const member = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await signInViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/dashboard$/);
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
  const member = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await signInViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/dashboard$/);
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
