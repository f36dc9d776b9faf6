// The Document Manager (/documents): upload through Uppy with progress, the list, download, delete,
// the limits refused before upload, keyboard use, axe at 1280 and 390 px. AI Ready and search:
// instructor-searches-documents.spec.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import PDFDocument from "pdfkit";
import {
  createApprovedUserViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  expectWithinWindowWidth,
  openAsNewInstructor,
  PHONE,
  signInToDashboard,
  tabTo,
  test,
} from "./fixtures.ts";

const MiB = 1024 * 1024;

/** A real PDF of a few pages, written by pdfkit. */
function makePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(18).text("Enzyme Kinetics Laboratory Protocol");
    doc
      .moveDown()
      .fontSize(12)
      .text("Michaelis-Menten kinetics describe how reaction rate depends on substrate.");
    doc.addPage().text("Page two: measure the initial rate at six substrate concentrations.");
    doc.end();
  });
}

/** A text file of about `bytes` bytes (lines of readable words), big enough to watch its progress. */
function makeText(bytes: number): Buffer {
  const line = "Close reading notes: theme, voice, structure and the argument of the passage.\n";
  return Buffer.from(line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes), "utf8");
}

const documentCards = (page: Page) =>
  page.getByRole("list", { name: "Your documents" }).getByRole("listitem");
const card = (page: Page, name: string) =>
  documentCards(page).filter({ has: page.getByRole("heading", { name }) });

let files: { dir: string; pdf: string; txt: string; pdfBytes: Buffer; txtBytes: Buffer };

test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-docs-"));
  const pdfBytes = await makePdf();
  const txtBytes = makeText(4 * MiB);
  const pdf = path.join(dir, "enzyme-kinetics.pdf");
  const txt = path.join(dir, "close-reading-notes.txt");
  fs.writeFileSync(pdf, pdfBytes);
  fs.writeFileSync(txt, txtBytes);
  files = { dir, pdf, txt, pdfBytes, txtBytes };
});

test.afterAll(() => {
  if (files) fs.rmSync(files.dir, { recursive: true, force: true });
});

test("upload two files with progress, see them listed, download one, delete one, by keyboard", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await page.setViewportSize(DESKTOP);
  await signInToDashboard(page, instructor);

  // The navigation puts it under Main Features (spec B §2).
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await nav.getByRole("link", { name: "Document Manager" }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole("heading", { name: "Document Manager", level: 2 })).toBeVisible();
  await expect(
    page.getByText("No documents uploaded yet. Use the upload button above to add your first document."),
  ).toBeVisible();
  for (const discipline of ["Humanities", "Biochemistry", "Arts & Design", "Mathematics"]) {
    const examples = page
      .getByRole("heading", { name: discipline, exact: true })
      .locator("xpath=../..")
      .getByRole("listitem");
    await expect(examples, discipline).toHaveCount(5);
  }
  await expectNoSeriousA11yViolations(page);

  // Keyboard only: open the dialog, open the file chooser from the drop zone, fill the form, upload.
  const openButton = page.getByRole("button", { name: "Upload Documents" });
  await tabTo(page, openButton);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Upload Documents" });
  await expect(dialog).toBeVisible();
  const dropZone = dialog.getByRole("button", { name: /Drop files here or choose files/ });
  await expect(dropZone).toBeVisible();
  // Listening for the file chooser well before Enter opens it: Playwright turns the browser's
  // interception on without waiting for it, so a listener added just before the key press can miss
  // a chooser that opens at once (seen once under load in CI).
  const chooser = page.waitForEvent("filechooser");
  await expectNoSeriousA11yViolations(page);
  await tabTo(page, dropZone);
  await page.keyboard.press("Enter");
  await (await chooser).setFiles([files.pdf, files.txt]);
  const queued = dialog.getByRole("list", { name: "Files to upload" }).getByRole("listitem");
  await expect(queued).toHaveCount(2);
  await expect(queued.filter({ hasText: "enzyme-kinetics.pdf" })).toContainText("Ready to upload");
  await expect(queued.filter({ hasText: "close-reading-notes.txt" })).toContainText("4.0 MB");
  await expectNoSeriousA11yViolations(page);

  await tabTo(page, dialog.getByLabel("Description (optional)"));
  await page.keyboard.type("Week 3 materials");
  await tabTo(page, dialog.getByLabel("Category"));
  await page.keyboard.press("ArrowDown"); // Manual -> Syllabus
  await expect(dialog.getByLabel("Category")).toHaveValue("syllabus");

  // Slow the upload down so that the progress of the 4 MB file can be watched.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1.5 * MiB,
  });
  const uploadButton = dialog.getByRole("button", { name: "Upload 2 Files" });
  await tabTo(page, uploadButton);
  await page.keyboard.press("Enter");

  const txtRow = queued.filter({ hasText: "close-reading-notes.txt" });
  // Progress shows part-way: a value strictly between 0 and 100, and its percentage in words.
  await expect
    .poll(async () => Number(await txtRow.getByRole("progressbar").getAttribute("aria-valuenow")), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  const partWay = Number(await txtRow.getByRole("progressbar").getAttribute("aria-valuenow"));
  expect(partWay).toBeLessThan(100);
  await expect(txtRow.getByTestId("upload-state")).toHaveText(/Uploading: \d+%/);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // Both stored and recorded: the dialog closes, the toast says so, the list shows them.
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(openButton).toBeFocused();
  await expect(
    page.getByText("2 documents uploaded successfully! Available for on-demand access.", { exact: true }),
  ).toBeVisible();
  await expect(documentCards(page)).toHaveCount(2);
  const pdfCard = card(page, "enzyme-kinetics.pdf");
  const txtCard = card(page, "close-reading-notes.txt");
  await expect(pdfCard.getByTestId("document-type")).toHaveText("PDF");
  await expect(txtCard.getByTestId("document-type")).toHaveText("Text");
  await expect(txtCard.getByTestId("document-size")).toHaveText("4.0 MB");
  const pdfKb = (files.pdfBytes.length / 1024).toFixed(1);
  await expect(pdfCard.getByTestId("document-size")).toHaveText(`${pdfKb} KB`);
  await expect(pdfCard).toContainText("Week 3 materials");
  await expect(pdfCard).toContainText("Syllabus");
  await expect(pdfCard.getByTestId("document-status")).toHaveText("Not in AI Search");
  await expect(pdfCard.getByRole("button", { name: "Vectorize enzyme-kinetics.pdf" })).toBeVisible();
  await expect(pdfCard.getByTestId("document-downloads")).toHaveText("0");
  await expectNoSeriousA11yViolations(page);

  // Download: the same bytes, and the count grows.
  const download = page.waitForEvent("download");
  await pdfCard.getByRole("link", { name: "Download enzyme-kinetics.pdf" }).click();
  const saved = await (await download).path();
  expect(fs.readFileSync(saved).equals(files.pdfBytes)).toBe(true);
  expect((await download).suggestedFilename()).toBe("enzyme-kinetics.pdf");
  await expect(pdfCard.getByTestId("document-downloads")).toHaveText("1", { timeout: 10_000 });

  // Delete by keyboard, with its confirmation; Cancel first keeps the document.
  const deleteTxt = txtCard.getByRole("button", { name: "Delete close-reading-notes.txt" });
  await deleteTxt.focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: 'Delete "close-reading-notes.txt"?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(deleteTxt).toBeFocused(); // focus goes back to the button that opened it
  await page.keyboard.press("Enter");
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole("button", { name: "Delete Document" }));
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Document deleted successfully", { exact: true })).toBeVisible();
  await expect(documentCards(page)).toHaveCount(1);
  await expect(card(page, "close-reading-notes.txt")).toHaveCount(0);
  // Its button is gone with it: the focus lands on the list's heading, not at the page's start.
  await expect(page.getByRole("heading", { name: "Your Documents" })).toBeFocused();
  // Gone on the server too: a reload lists only the PDF.
  await page.reload();
  await expect(documentCards(page)).toHaveCount(1);
  await expect(card(page, "enzyme-kinetics.pdf")).toBeVisible();
});

test("a 6th file and a file over 50 MB are refused before anything is sent", async ({
  page,
  request,
  superAdmin,
}) => {
  await openAsNewInstructor(page, request, superAdmin.sessionId, "/documents", DESKTOP);
  const sent: string[] = [];
  page.on("request", (req) => {
    if (/\/uploads\/|\/api\/documents\/upload-url/.test(req.url())) sent.push(req.url());
  });

  await page.getByRole("button", { name: "Upload Documents" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Documents" });
  const input = dialog.locator('input[type="file"]');
  await expect(input).toBeAttached();
  const small = (name: string) => ({
    name,
    mimeType: "text/plain",
    buffer: Buffer.from(`notes of ${name}\n`),
  });
  const queued = dialog.getByRole("list", { name: "Files to upload" }).getByRole("listitem");

  // Six at once: the whole batch is refused.
  await input.setInputFiles(["1", "2", "3", "4", "5", "6"].map((n) => small(`notes-${n}.txt`)));
  await expect(dialog.getByRole("alert")).toHaveText("You can upload at most 5 files at a time.");
  await expect(queued).toHaveCount(0);

  // Five pass; one more is refused.
  await input.setInputFiles(["1", "2", "3", "4", "5"].map((n) => small(`notes-${n}.txt`)));
  await expect(queued).toHaveCount(5);
  await expect(dialog.getByText("You can upload at most 5 files at a time.")).toHaveCount(0);
  await input.setInputFiles([small("notes-6.txt")]);
  await expect(dialog.getByRole("alert")).toHaveText("You can upload at most 5 files at a time.");
  await expect(queued).toHaveCount(5);
  await expectNoSeriousA11yViolations(page);

  // Remove one, then try a file one byte over 50 MiB (a sparse file on disk).
  await dialog.getByRole("button", { name: "Remove notes-5.txt" }).click();
  await expect(queued).toHaveCount(4);
  const big = path.join(files.dir, "lecture-recording.pdf");
  fs.writeFileSync(big, "");
  fs.truncateSync(big, 50 * MiB + 1);
  await input.setInputFiles(big);
  await expect(dialog.getByRole("alert")).toHaveText(
    '"lecture-recording.pdf" is larger than 50 MB: each file may be at most 50 MB.',
  );
  await expect(queued).toHaveCount(4);
  await expect(queued.filter({ hasText: "lecture-recording.pdf" })).toHaveCount(0);
  expect(sent).toEqual([]);

  // Closing without uploading leaves nothing behind.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText("No documents uploaded yet. Use the upload button above to add your first document."),
  ).toBeVisible();
  expect(sent).toEqual([]);
});

test("at 390 px: the screen, the upload dialog and the delete dialog fit and pass axe", async ({
  page,
  request,
  superAdmin,
}) => {
  await openAsNewInstructor(page, request, superAdmin.sessionId, "/documents", PHONE);
  await expect(page.getByRole("heading", { name: "Document Manager", level: 2 })).toBeVisible();
  // The example lists start folded on a phone, and open from their summary.
  const humanities = page.getByRole("heading", { name: "Humanities", exact: true });
  await expect(humanities).toBeHidden();
  await page.getByText("What faculty upload, by discipline").click();
  await expect(humanities).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Upload Documents" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Documents" });
  await dialog.locator('input[type="file"]').setInputFiles(files.pdf);
  await expect(dialog.getByRole("list", { name: "Files to upload" }).getByRole("listitem")).toHaveCount(1);
  await expectWithinWindowWidth(page, dialog);
  await expectNoSidewaysScroll(page, "the upload dialog");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByText("Include in AI search").click();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(
    page.getByText(
      "Document uploaded successfully! Available for on-demand access, and added to vector database for AI-powered search.",
      { exact: true },
    ),
  ).toBeVisible();
  await expect(documentCards(page)).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Delete enzyme-kinetics.pdf" }).click();
  const confirm = page.getByRole("dialog", { name: 'Delete "enzyme-kinetics.pdf"?' });
  await expect(confirm).toBeVisible();
  await expectWithinWindowWidth(page, confirm);
  await expectNoSeriousA11yViolations(page);
});

test("a file the server refuses (HTML named .txt) shows the server's reason and is not listed", async ({
  page,
  request,
  superAdmin,
}) => {
  await openAsNewInstructor(page, request, superAdmin.sessionId, "/documents", DESKTOP);
  await page.getByRole("button", { name: "Upload Documents" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Documents" });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "page.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("<!doctype html><html><body>Not a text file</body></html>\n"),
  });
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  const row = dialog.getByRole("list", { name: "Files to upload" }).getByRole("listitem");
  const reason =
    "This type of file is not accepted. Upload a PDF, DOC, DOCX, TXT, MD, images, audio or video file.";
  await expect(row.getByTestId("upload-state")).toHaveText(reason);
  await expect(page.getByText(`page.txt: ${reason}`, { exact: true })).toBeVisible(); // the Upload Failed toast
  await expect(page.getByText("Upload Failed", { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(
    page.getByText("No documents uploaded yet. Use the upload button above to add your first document."),
  ).toBeVisible();
});
