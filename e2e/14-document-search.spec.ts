// Issue 14, items 6 to 8: AI Ready, Vectorize and document search on the Document Manager.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  createApprovedUserViaApi,
  expect,
  expectNoSeriousA11yViolations,
  signInViaUi,
  test,
} from "./fixtures.ts";

const documentCards = (page: Page) =>
  page.getByRole("list", { name: "Your documents" }).getByRole("listitem");
const card = (page: Page, name: string) =>
  documentCards(page).filter({ has: page.getByRole("heading", { name }) });

async function uploadThroughDialog(page: Page, file: string, includeInAiSearch: boolean) {
  await page.getByRole("button", { name: "Upload Documents" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Documents" });
  await dialog.locator('input[type="file"]').setInputFiles(file);
  if (includeInAiSearch) await dialog.getByLabel(/Include in AI search/).check();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

test("a document in AI search turns AI Ready, is found with its words marked; Vectorize adds another", async ({
  page,
  request,
  superAdmin,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-docsearch-"));
  try {
    const kinetics = path.join(dir, "kinetics-notes.txt");
    fs.writeFileSync(
      kinetics,
      "Week 4 laboratory.\n\nMichaelis & Menten kinetics: the rate rises with substrate until the enzyme saturates.\n",
    );
    const sonnets = path.join(dir, "sonnet-guide.md");
    fs.writeFileSync(
      sonnets,
      "# Reading sonnets\n\nThe volta turns the argument of the sonnet in its ninth line.\n",
    );

    const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
    await signInViaUi(page, instructor.email, instructor.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/documents");

    // Included in AI search on upload: queued, then AI Ready without a reload (the list polls).
    await uploadThroughDialog(page, kinetics, true);
    await expect(
      page.getByText(
        "Document uploaded successfully! Available for on-demand access, and added to vector database for AI-powered search.",
        { exact: true },
      ),
    ).toBeVisible();
    const kineticsCard = card(page, "kinetics-notes.txt");
    await expect(kineticsCard.getByTestId("document-status")).toHaveText("AI Ready", { timeout: 60_000 });
    await expect(kineticsCard.getByRole("button", { name: /Vectorize/ })).toHaveCount(0);

    // Search: blank does nothing; a hit shows its count and the snippet with the words marked,
    // the "&" of the file shown as itself.
    const search = page.getByRole("button", { name: "Search", exact: true });
    await expect(search).toBeDisabled();
    await page.getByLabel("Search your documents").fill("kinetics");
    await page.getByLabel("Search your documents").press("Enter");
    await expect(page.getByText("Found 1 relevant document", { exact: true })).toBeVisible();
    const results = page.getByRole("list", { name: "Search results" }).getByRole("listitem");
    await expect(results).toHaveCount(1);
    await expect(results.first().getByRole("heading", { name: "kinetics-notes.txt" })).toBeVisible();
    const snippet = results.first().getByTestId("search-snippet");
    await expect(snippet.locator("mark").first()).toHaveText(/kinetics/i);
    await expect(snippet).toContainText("Michaelis & Menten");
    await expectNoSeriousA11yViolations(page);

    // Not in AI search: nothing found, and the message suggests vectorizing.
    await uploadThroughDialog(page, sonnets, false);
    await page.getByLabel("Search your documents").fill("volta sonnet");
    await search.click();
    await expect(page.getByText(/No relevant documents found for "volta sonnet".*vectorize/)).toBeVisible();

    // Vectorize: queued, then AI Ready, with the spec's toast; now it is found.
    const sonnetCard = card(page, "sonnet-guide.md");
    await expect(sonnetCard.getByTestId("document-status")).toHaveText("Not in AI Search");
    await sonnetCard.getByRole("button", { name: "Vectorize sonnet-guide.md" }).click();
    await expect(sonnetCard.getByTestId("document-status")).toHaveText("AI Ready", { timeout: 60_000 });
    await expect(
      page.getByText("Document vectorized successfully! Now available for AI-powered search.", {
        exact: true,
      }),
    ).toBeVisible();
    await search.click();
    await expect(page.getByText("Found 1 relevant document", { exact: true })).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Search results" }).getByRole("heading", { name: "sonnet-guide.md" }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
