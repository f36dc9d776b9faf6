// Document search on the Document Manager: a document put in AI search turns AI Ready and is found
// with its words marked, Vectorize adds another; a hit links to its file (a PDF at the page of its
// passage), and a search without hits gives advice that fits where the documents stand, never a
// button that is not there. axe-core at 1280 and 390 px.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { makePdf, prose } from "../src/server/test/text-fixtures.ts";
import {
  createApprovedUserViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  PHONE,
  signInAsNewUser,
  signInToDashboard,
  tabTo,
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

async function upload(page: Page, file: string, includeInAiSearch: boolean) {
  await page.getByRole("button", { name: "Upload Documents" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Documents" });
  await dialog.locator('input[type="file"]').setInputFiles(file);
  if (includeInAiSearch) await dialog.getByLabel(/Include in AI search/).check();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

async function searchFor(page: Page, words: string) {
  await page.getByLabel("Search your documents").fill(words);
  await page.getByLabel("Search your documents").press("Enter");
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

    const _instructor = await signInAsNewUser(page, request, superAdmin.sessionId);
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

test("a hit opens its file at its page; no hits advise what fits the documents' state", async ({
  page,
  request,
  superAdmin,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-doc-results-"));
  try {
    const pdf = path.join(dir, "geography-reader.pdf");
    fs.writeFileSync(
      pdf,
      await makePdf([
        prose("medieval trade routes", 6),
        [
          ...prose("glacier erosion", 8),
          "Glacier erosion carves valleys: moraines, cirques and fjords show how glacier ice moves rock.",
        ],
      ]),
    );
    const later = path.join(dir, "sonnet-guide.md");
    fs.writeFileSync(
      later,
      "# Reading sonnets\n\nThe volta turns the argument of the sonnet in its ninth line.\n",
    );

    const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
    await page.setViewportSize(DESKTOP);
    await signInToDashboard(page, instructor);
    await page.goto("/documents");
    await upload(page, pdf, true);
    await expect(documentCards(page).first().getByTestId("document-status")).toHaveText("AI Ready", {
      timeout: 90_000,
    });

    // Every document is AI Ready: no hits suggest other words, and no Vectorize button is named.
    await searchFor(page, "volcanic basalt");
    const advice = page.getByTestId("no-hit-advice");
    await expect(advice).toContainText('No relevant documents found for "volcanic basalt".');
    await expect(advice).toContainText("All your documents are searched: try other words, or fewer of them.");
    await expect(advice).not.toContainText(/vectorize/i);
    await expect(page.getByRole("button", { name: /Vectorize/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // A hit on the PDF's second page links to the file at that page, and downloads it.
    await searchFor(page, "glacier moraines fjords");
    const results = page.getByRole("list", { name: "Search results" }).getByRole("listitem");
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText("PDF · Page 2");
    const link = results.first().getByRole("link", { name: "Download (page 2) geography-reader.pdf" });
    await expect(link).toHaveAttribute("href", /^\/objects\/.+#page=2$/);
    await tabTo(page, link, 60);
    const download = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    expect((await download).suggestedFilename()).toBe("geography-reader.pdf");
    await expectNoSeriousA11yViolations(page);

    // A document kept out of AI search: now the advice names its Vectorize button, which is there.
    await upload(page, later, false);
    await searchFor(page, "volta sonnet");
    await expect(advice).toContainText("Try other words, or fewer of them.");
    await expect(advice).toContainText(
      "1 document is not in AI search yet: vectorize it with the Vectorize button under Your Documents.",
    );
    await expect(page.getByRole("button", { name: "Vectorize sonnet-guide.md" })).toBeVisible();

    await page.setViewportSize(PHONE);
    await expect(advice).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await searchFor(page, "glacier moraines fjords");
    await expect(results.first().getByRole("link", { name: /^Download \(page 2\)/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
