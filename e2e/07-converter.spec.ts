import type { APIRequestContext, Page } from "@playwright/test";
import {
  bearer,
  createApprovedUserViaApi,
  expect,
  expectNoSeriousA11yViolations,
  loginViaApi,
  signInViaUi,
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

test("converter without a key: validation, the template result, history, Try This", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await signInViaUi(page, instructor.email, instructor.password);
  await expect(page).toHaveURL(/\/dashboard$/);
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

  await signInViaUi(page, instructor.email, instructor.password);
  await expect(page).toHaveURL(/\/dashboard$/);
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
