import fs from "node:fs";
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

// Issue 13, item 11: a converter result (and any conversion in the history) can be copied,
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

test("a conversion is copied, downloaded as text and Word, and becomes a wizard project", async ({
  page,
  context,
  request,
  superAdmin,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const member = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await signInViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/dashboard$/);
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
  await signInViaUi(page, other.email, other.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/methodology-wizard?mode=create-project&conversionId=${conversion?.id}`);
  await expect(page.getByText("Conversion not found.", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Project Title")).toHaveValue("");
});
