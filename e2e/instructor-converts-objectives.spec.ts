// The Objectives Converter: without a key it writes the built-in template, with a key the model's
// framework; results are rated and kept in the history, and a result (or any conversion in the
// history) is copied, downloaded as text or Word, and turned into a wizard project pre-filled with
// its pivot concepts and launch applications.
import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import mammoth from "mammoth";
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
  test,
} from "./fixtures.ts";

// The app talks to the local OpenAI-compatible stub (playwright.config.ts): keys starting with
// sk-stub- work, sk-stub-fail-... make it answer 500.

async function saveKeyViaApi(request: APIRequestContext, sessionId: string, id: number, apiKey: string) {
  const response = await request.put(`/api/faculty/${id}/api-key`, {
    headers: bearer(sessionId),
    data: { apiKey },
  });
  expect(response.status()).toBe(200);
}

async function convert(page: Page, discipline: string, objective: string, context = "") {
  await page.getByLabel("Discipline").selectOption(discipline);
  await page.getByLabel("Traditional Learning Objective").fill(objective);
  await page.getByLabel("Additional Context (Optional)").fill(context);
  await page.getByRole("button", { name: "Convert to PBL Framework" }).click();
  await expect(page.getByText("Conversion Saved", { exact: true }).first()).toBeVisible();
}

// A converter result (and any conversion in the history) can be copied,
// downloaded as text or Word, and turned into a wizard project pre-filled with its pivot concepts
// and launch applications. Without a key the converter writes the built-in blockchain template.

const OBJECTIVE = "Students will understand how blockchain consensus mechanisms work.";

const PIVOT = [
  "Hashing, digital signatures and how blocks are chained",
  "Consensus mechanisms and their trade-offs (proof of work, proof of stake)",
  "Smart contracts: state, transactions and gas",
];

const LAUNCH = [
  "Teams pick a partner scenario (supply chain, credentials, donations) and model its trust problem",
  "Build and test a small smart contract or ledger prototype for the scenario",
  "Present a feasibility brief comparing the ledger with a conventional database",
];

test("converter without a key: validation, the template result, history, Try This", async ({
  page,
  request,
  superAdmin,
}) => {
  const _instructor = await signInAsNewUser(page, request, superAdmin.sessionId);
  await page.goto("/objectives-converter");
  await expect(page.getByText("No AI key is set, so conversions use the built-in")).toBeVisible();

  await page.getByRole("button", { name: "Convert to PBL Framework" }).click();
  await expect(page.getByText("Please select a discipline")).toBeVisible();
  await expect(page.getByText("Objective must be at least 10 characters")).toBeVisible();
  await expect(page.getByText("Your Previous Conversions")).toHaveCount(0);

  await convert(
    page,
    "business",
    "Students will evaluate competitive strategy for a real firm.",
    "Capstone with a local manufacturer",
  );
  const result = page.getByRole("region", { name: "Conversion Result" });
  await expect(result.getByText("Built-in template", { exact: true })).toBeVisible();
  await expect(result.getByText("Strategy Consulting Project")).toBeVisible();
  await expect(result.getByText("Course context: Capstone with a local manufacturer")).toBeVisible();
  await expect(result.getByText("No AI key is configured, so the built-in template was used.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Convert to PBL Framework" })).toBeEnabled();
  await expect(page.getByRole("heading", { name: "Your Previous Conversions" })).toBeVisible();
  await expect(page.getByRole("button", { name: "View all (1)" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your Stats" })).toContainText("Total Conversions1");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Try This: Data Science example" }).click();
  await expect(page.getByLabel("Discipline")).toHaveValue("data-science");
  await expect(page.getByLabel("Traditional Learning Objective")).toHaveValue(
    "Students will be able to apply regression analysis to datasets.",
  );
  await expect(result.getByText("Example", { exact: true })).toBeVisible();
  await expect(result.getByText(/Teams partner with the city's transport office/)).toBeVisible();

  // Keyboard only: the form can be filled and sent without a mouse.
  await page.getByLabel("Discipline").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Traditional Learning Objective")).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Convert to PBL Framework" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Conversion Saved", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "View all (2)" })).toBeVisible();
});

test("converter with a key: the model's framework, rating, the whole history, fallback", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, instructor.email, instructor.password);
  await saveKeyViaApi(request, sessionId, instructor.id, "sk-stub-e2e-personal-key-00001");

  await signInToDashboard(page, instructor);
  await page.goto("/objectives-converter");
  await expect(
    page.getByText("Conversions are written by stub-model-1 with your personal AI key"),
  ).toBeVisible();
  await convert(
    page,
    "fintech",
    "Students will learn the principles of digital payment systems.",
    "Evening MBA",
  );
  const result = page.getByRole("region", { name: "Conversion Result" });
  await expect(result.getByText("AI model: stub-model-1")).toBeVisible();
  await expect(result.getByText("Stub Model Framework")).toBeVisible();
  await expect(result.getByText(/Course context: Evening MBA/)).toBeVisible();

  await result.locator("label").filter({ hasText: "4 stars" }).click();
  await expect(page.getByText("Rating Saved", { exact: true }).first()).toBeVisible();
  await expect(result.getByText("4 / 5")).toBeVisible();
  await expect(page.getByText("4.0 / 5")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // While the model has not answered: the disabled button and three skeleton lines (spec A §2).
  await saveKeyViaApi(request, sessionId, instructor.id, "sk-stub-slow-e2e-key-000000001");
  await page
    .getByLabel("Traditional Learning Objective")
    .fill("Students will explain how card transactions settle.");
  await page.getByRole("button", { name: "Convert to PBL Framework" }).click();
  await expect(page.getByRole("button", { name: "Converting to PBL Framework..." })).toBeDisabled();
  await expect(result.getByTestId("framework-skeleton").locator("> *")).toHaveCount(3);
  await expect(result.getByText("Writing with stub-model-1")).toBeVisible();
  await expect(result.getByText("Stub Model Framework")).toBeVisible();
  await expect(page.getByRole("button", { name: "View all (2)" })).toBeVisible();

  await saveKeyViaApi(request, sessionId, instructor.id, "sk-stub-fail-e2e-key-000000001");
  await convert(page, "blockchain", "Students will understand how blockchain consensus works.");
  await expect(result.getByText("Built-in template", { exact: true })).toBeVisible();
  await expect(result.getByText(/HTTP 500\)\. The built-in template was used instead\./)).toBeVisible();
  await expect(result.getByText("Decentralised Solutions Lab")).toBeVisible();

  await page.getByRole("button", { name: "View all (3)" }).click();
  const dialog = page.getByRole("dialog", { name: "All Conversions" });
  await expect(dialog.getByText("Page 1 of 1 · 3 conversions")).toBeVisible();
  await dialog.getByLabel("Search conversions").fill("payment");
  await expect(dialog.getByText("Page 1 of 1 · 1 conversion")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Confirm Delete" }).click();
  await expect(page.getByText("Conversion Deleted", { exact: true }).first()).toBeVisible();
  await expect(dialog.getByText('No conversions match "payment".')).toBeVisible();
  await page.getByRole("button", { name: "Close history" }).click();
  await expect(page.getByRole("button", { name: "View all (2)" })).toBeVisible();
});

test("a conversion is copied, downloaded as text and Word, and becomes a wizard project", async ({
  page,
  context,
  request,
  superAdmin,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const member = await signInAsNewUser(page, request, superAdmin.sessionId);
  await page.goto("/objectives-converter");
  await page.getByLabel("Discipline").selectOption("blockchain");
  await page.getByLabel("Traditional Learning Objective").fill(OBJECTIVE);
  await page.getByRole("button", { name: "Convert to PBL Framework" }).click();
  await expect(page.getByText("Conversion Saved", { exact: true }).first()).toBeVisible();
  const result = page.getByRole("region", { name: "Conversion Result" });
  await expect(result.getByText("Decentralised Solutions Lab")).toBeVisible();

  // Copy: the framework on the clipboard, and a toast that says so.
  await result.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Framework Copied", { exact: true }).first()).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(
    copied.startsWith("Decentralised Solutions Lab\n\nLearning objective: Students will understand"),
  ).toBe(true);
  expect(copied).toContain(`- ${PIVOT[0]}\n`);

  // Download: a text file and a Word file named after the objective and the date.
  const [text] = await Promise.all([
    page.waitForEvent("download"),
    result.getByRole("button", { name: "Text (.txt)" }).click(),
  ]);
  expect(text.suggestedFilename()).toMatch(
    /^students-will-understand-how-blockchain-consensus-pbl-framework-\d{4}-\d{2}-\d{2}\.txt$/,
  );
  const file = fs.readFileSync(await text.path(), "utf8");
  expect(file).toContain(`Traditional Objective: ${OBJECTIVE}\n`);
  expect(file).toContain("Discipline: Blockchain Technology\n");
  expect(file).toContain(`- ${LAUNCH[1]}\n`);
  const [word] = await Promise.all([
    page.waitForEvent("download"),
    result.getByRole("button", { name: "Word (.docx)" }).click(),
  ]);
  expect(word.suggestedFilename()).toMatch(/-pbl-framework-\d{4}-\d{2}-\d{2}\.docx$/);
  const { value: wordText } = await mammoth.extractRawText({ buffer: fs.readFileSync(await word.path()) });
  expect(wordText).toContain("Decentralised Solutions Lab");
  expect(wordText).toContain(PIVOT[2]);
  await expectNoSeriousA11yViolations(page);

  // The history offers the same, in the card and in View all.
  const recent = page.getByRole("article").first();
  await expect(recent.getByRole("button", { name: "Create Wizard Project" })).toBeVisible();
  await page.getByRole("button", { name: "View all (1)" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Copy" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Word (.docx)" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Create Wizard Project" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Create Wizard Project" }).click();

  // The wizard reads the saved conversion and fills its pivot and launch parts.
  await expect(page).toHaveURL(/\/methodology-wizard\?mode=create-project&conversionId=\d+$/);
  await expect(page.getByText(`Starting from your conversion of "${OBJECTIVE}".`)).toBeVisible();
  await expect(page.getByLabel("Project Title")).toHaveValue("Decentralised Solutions Lab");
  await expect(page.getByLabel("Discipline")).toHaveValue("blockchain");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("Core Concepts")).toHaveValue(PIVOT.join("\n"));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("Application Contexts")).toHaveValue(LAUNCH.join("\n"));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("Core Knowledge Assessment")).toHaveValue(/^Short concept checks/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("Success Metrics")).toHaveValue(
    "Scenario analysis\nWorking prototype with tests\nFeasibility brief and demo",
  );
  await expectNoSeriousA11yViolations(page);
  const [saved] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Complete" }).click(),
  ]);
  expect(saved.suggestedFilename()).toMatch(
    /^decentralised-solutions-lab-methodology-\d{4}-\d{2}-\d{2}\.txt$/,
  );
  await expect(page).toHaveURL(/\/dashboard$/);
  const sessionId = await loginViaApi(request, member.email, member.password);
  const projects = await request.get(`/api/projects/faculty/${member.id}`, { headers: bearer(sessionId) });
  expect(await projects.json()).toEqual([
    expect.objectContaining({
      title: "Decentralised Solutions Lab",
      discipline: "blockchain",
      templateId: null,
      methodology: expect.objectContaining({
        pivotConcepts: PIVOT.join("\n"),
        launchApplications: LAUNCH.join("\n"),
      }),
    }),
  ]);

  // A phone's width: the result's actions fit the screen.
  await page.setViewportSize(PHONE);
  await page.goto("/objectives-converter");
  await page.getByRole("button", { name: "Try This: Fintech example" }).click();
  const example = page.getByRole("region", { name: "Conversion Result" });
  await expect(example.getByRole("button", { name: "Word (.docx)" })).toBeVisible();
  // an example is not saved, so it cannot start a project (only copied or downloaded)
  await expect(example.getByRole("button", { name: "Create Wizard Project" })).toHaveCount(0);
  const [exampleFile] = await Promise.all([
    page.waitForEvent("download"),
    example.getByRole("button", { name: "Text (.txt)" }).click(),
  ]);
  expect(fs.readFileSync(await exampleFile.path(), "utf8")).toContain("Written by: Example conversion\n");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // Someone else's conversion does not open in the wizard.
  const other = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const mine = await request.get(`/api/objective-conversions/faculty/${member.id}`, {
    headers: bearer(sessionId),
  });
  const [conversion] = (await mine.json()) as Array<{ id: number }>;
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await signInToDashboard(page, other);
  await page.goto(`/methodology-wizard?mode=create-project&conversionId=${conversion?.id}`);
  await expect(page.getByText("Conversion not found.", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Project Title")).toHaveValue("");
});
