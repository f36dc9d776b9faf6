// The Institutional Knowledge Base at /knowledge-base against the real server: add, edit, filter by
// tag, search with a typo and see the marked snippet, quick upload of a PDF and a DOCX with progress
// and find them by a word inside, ask (passages without a key, a written answer from the local AI
// stub with one), the Institution scope, delete with its confirmation, keyboard-only dialogs, limits
// refused before upload, axe-core on the screen and each dialog at 1280 and 390 px.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Locator, Page, Request } from "@playwright/test";
import { makeDocx, makePdf } from "../src/server/test/text-fixtures.ts";
import {
  addKnowledgeEntryViaApi,
  bearer,
  createApprovedUserViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  expectWithinWindowWidth,
  loginViaApi,
  PHONE,
  signInAsNewUser,
  signInToDashboard,
  tabTo,
  test,
} from "./fixtures.ts";

const MiB = 1024 * 1024;

// The cards themselves: each holds a list of its tags.
const contentCards = (page: Page) => page.getByRole("list", { name: "Your content" }).locator(":scope > li");
const resultCards = (page: Page) => page.getByRole("list", { name: "Search results" }).locator(":scope > li");
const cardIn = (cards: Locator, page: Page, title: string) =>
  cards.filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** Signs a new approved instructor in through the screen and opens the Knowledge Base from the navigation. */
async function openKnowledgeBaseAsNewInstructor(
  page: Page,
  request: APIRequestContext,
  adminSessionId: string,
  overrides: { name?: string; institution?: string } = {},
) {
  const user = await signInAsNewUser(page, request, adminSessionId, overrides);
  const sessionId = await loginViaApi(request, user.email, user.password);
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Knowledge Base" })
    .click();
  await expect(page).toHaveURL(/\/knowledge-base$/);
  await expect(page.getByRole("heading", { name: "Institutional Knowledge Base", level: 2 })).toBeVisible();
  return { user, sessionId };
}

/** Words in an order no compressor shortens much, so that a PDF of a few pages takes a while to send. */
function wordSoup(seed: number, count: number): string {
  const words = [
    "river",
    "sediment",
    "delta",
    "erosion",
    "basin",
    "current",
    "silt",
    "estuary",
    "gravel",
    "tide",
  ];
  let state = seed;
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out.push(`${words[state % words.length]}${state % 997}`);
  }
  return out.join(" ");
}

let files: { dir: string; pdf: string; docx: string };

test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-kb-"));
  // The PDF's last page holds a word found nowhere else; the pages before it make it big enough
  // to watch its progress under a slowed upload.
  const filler = Array.from({ length: 24 }, (_, page) => [wordSoup(page + 1, 350)]);
  const pdfBytes = await makePdf([
    ["Coastal Field Guide. How rivers carry sediment to the sea."],
    ...filler,
    ["Final page: the sandbar called a tombolo joins an island to the shore."],
  ]);
  const docxBytes = await makeDocx([
    "Seminar Rubric",
    "Each argument is scored for its claim, its evidence and the counterargument it answers.",
    "A strong essay names a palimpsest: a text written over an older one that still shows through.",
  ]);
  const pdf = path.join(dir, "coastal-field-guide.pdf");
  const docx = path.join(dir, "seminar-rubric.docx");
  fs.writeFileSync(pdf, pdfBytes);
  fs.writeFileSync(docx, docxBytes);
  files = { dir, pdf, docx };
});

test.afterAll(() => {
  if (files) fs.rmSync(files.dir, { recursive: true, force: true });
});

test("add by keyboard, edit, filter by tag, search with a typo, delete with confirmation", async ({
  page,
  request,
  superAdmin,
}) => {
  // A controllable clock (it runs at the real pace until told to jump) lets the two-character
  // search below wait out the search box's debounce without sleeping.
  await page.clock.install();
  await page.setViewportSize(DESKTOP);
  const { sessionId } = await openKnowledgeBaseAsNewInstructor(page, request, superAdmin.sessionId);

  // The empty state (spec §2), then axe on the screen.
  await expect(page.getByRole("heading", { name: "No content yet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add First Content" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Keyboard only: open Add Content, submit it empty, read the spec's messages, fill it in.
  const addButton = page.getByRole("button", { name: "Add Content", exact: true });
  await tabTo(page, addButton);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add Content" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Title")).toBeFocused();
  const privateSwitch = dialog.getByRole("switch", { name: "Private" });
  await expect(privateSwitch).toHaveAttribute("aria-checked", "true"); // spec §5: private by default
  await tabTo(page, dialog.getByRole("button", { name: "Add Content" }));
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expect(dialog.getByText("Content must be at least 10 characters")).toBeVisible();
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.type("Photosynthesis Lab Guide");
  await page.keyboard.press("Tab");
  await page.keyboard.type(
    "Chlorophyll absorbs red and blue light; leaves under a lamp release oxygen bubbles.",
  );
  await page.keyboard.press("Tab");
  await page.keyboard.type("biology, lab, plants, week 3, safety");
  await page.keyboard.press("Tab");
  await expect(privateSwitch).toBeFocused();
  await tabTo(page, dialog.getByRole("button", { name: "Add Content" }));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(addButton).toBeFocused();
  await expect(
    page.getByText("Your content has been added to the knowledge base.", { exact: true }),
  ).toBeVisible();
  const guide = cardIn(contentCards(page), page, "Photosynthesis Lab Guide");
  await expect(guide).toBeVisible();
  // spec §2, §9: 3 tags, then "+2 more"; content clamped to 3 lines; the private badge.
  await expect(guide.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
    "biology",
    "lab",
    "plants",
    "+2 more",
  ]);
  await expect(guide.getByText("Private", { exact: true })).toBeVisible();
  await expect(guide.getByTestId("entry-content")).toHaveCSS("-webkit-line-clamp", "3");

  // The form resets after an add: opened again, it is empty.
  await addButton.click();
  await expect(dialog.getByLabel("Title")).toHaveValue("");
  await expect(dialog.getByLabel("Content")).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // A second entry with another tag, through the API; the list shows it without a reload.
  const titration = await addKnowledgeEntryViaApi(request, sessionId, {
    title: "Titration Safety Sheet",
    content: "Acids are added to water slowly; goggles stay on for the whole titration.",
    tags: ["chemistry", "safety"],
  });
  // Its text is indexed by a background job: the search below finds it only once that ran (a CI
  // run under load searched first, and the screen keeps an answer until something changes).
  await expect
    .poll(async () => {
      const response = await request.get(`/api/knowledge-base/search/${titration.facultyId}?query=goggles`, {
        headers: bearer(sessionId),
      });
      return ((await response.json()) as Array<{ id: number }>).map((hit) => hit.id);
    })
    .toContain(titration.id);
  await page.reload();
  await expect(contentCards(page)).toHaveCount(2);
  await expect(page.getByTestId("stat-entries")).toHaveText("2");

  // Edit: the dialog loads the entry, the change shows on the card.
  await guide.getByRole("button", { name: "Edit Photosynthesis Lab Guide" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Content" });
  await expect(edit.getByLabel("Title")).toHaveValue("Photosynthesis Lab Guide");
  await expect(edit.getByLabel("Tags (comma-separated)")).toHaveValue("biology, lab, plants, week 3, safety");
  await expectNoSeriousA11yViolations(page);
  await edit.getByLabel("Title").fill("Photosynthesis Lab Handbook");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  const handbook = cardIn(contentCards(page), page, "Photosynthesis Lab Handbook");
  await expect(handbook).toBeVisible();
  await expect(cardIn(contentCards(page), page, "Photosynthesis Lab Guide")).toHaveCount(0);

  // Filter by tag: chemistry keeps the titration sheet only.
  const filters = page.getByRole("list", { name: "Filter by tag" });
  const chemistry = filters.getByRole("button", { name: /^chemistry/ });
  await chemistry.click();
  await expect(chemistry).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { name: "Filtered Content" })).toBeVisible();
  const filteredCards = page.getByRole("list", { name: "Filtered content" }).locator(":scope > li");
  await expect(filteredCards).toHaveCount(1);
  await expect(cardIn(filteredCards, page, "Titration Safety Sheet")).toBeVisible();
  // Two tags keep the entries holding both: chemistry and biology, none.
  await filters.getByRole("button", { name: /^biology/ }).click();
  await expect(page.getByRole("heading", { name: "No search results" })).toBeVisible();
  await expect(filteredCards).toHaveCount(0);
  await chemistry.click();
  await expect(filteredCards).toHaveCount(1);
  await expect(cardIn(filteredCards, page, "Photosynthesis Lab Handbook")).toBeVisible();
  // With a query the filters narrow the search.
  const search = page.getByLabel("Search the knowledge base");
  await search.fill("goggles");
  await expect(page.getByRole("heading", { name: "No search results" })).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(cardIn(resultCards(page), page, "Titration Safety Sheet")).toBeVisible();
  await search.fill("");
  await expect(page.getByRole("heading", { name: "Your Content" })).toBeVisible();

  // Two characters do not search; a one-letter typo in the title still finds it, and a word of the
  // text comes back marked in the snippet.
  const searchedQueries: string[] = [];
  const recordSearch = (sent: Request) => {
    if (sent.url().includes("/api/knowledge-base/search/"))
      searchedQueries.push(new URL(sent.url()).searchParams.get("query") ?? "");
  };
  page.on("request", recordSearch);
  await search.fill("ph");
  await page.clock.runFor(1_000); // past the debounce: a search for "ph" would be sent now
  await expect(page.getByRole("heading", { name: "Your Content" })).toBeVisible();
  const typoSearch = page.waitForRequest(
    (sent) => new URL(sent.url()).searchParams.get("query") === "Photosinthesis",
  );
  await search.fill("Photosinthesis");
  await typoSearch;
  page.off("request", recordSearch);
  // Requests go out in order: the one for the typo came after any for "ph" would have.
  expect(searchedQueries).toContain("Photosinthesis");
  expect(searchedQueries).not.toContain("ph");
  await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible();
  const typoHit = cardIn(resultCards(page), page, "Photosynthesis Lab Handbook");
  await expect(typoHit).toBeVisible();
  // The word as spelt in the entry comes back marked.
  await expect(typoHit.getByTestId("search-snippet").locator("mark")).toHaveText(["Photosynthesis"]);
  await search.fill("chlorophyll");
  const hit = cardIn(resultCards(page), page, "Photosynthesis Lab Handbook");
  await expect(hit.getByTestId("search-snippet").locator("mark")).toHaveText(["Chlorophyll"]);
  await expect(hit.getByTestId("hit-scope")).toHaveText("Mine");
  await expectNoSeriousA11yViolations(page);
  await search.fill("zzzqqqxxx");
  await expect(page.getByRole("heading", { name: "No search results" })).toBeVisible();
  await search.fill("");
  await expect(page.getByRole("heading", { name: "Your Content" })).toBeVisible();

  // Delete by keyboard with its confirmation; Escape first keeps the entry.
  const deleteButton = handbook.getByRole("button", { name: "Delete Photosynthesis Lab Handbook" });
  await deleteButton.focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: 'Delete "Photosynthesis Lab Handbook"?' });
  await expect(confirm.getByText("Are you sure you want to delete this content?")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await page.keyboard.press("Enter");
  await tabTo(page, confirm.getByRole("button", { name: "Delete Content" }));
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(
    page.getByText("The content has been removed from your knowledge base.", { exact: true }),
  ).toBeVisible();
  await expect(contentCards(page)).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Your Content" })).toBeFocused();
  await expect(page.getByTestId("stat-entries")).toHaveText("1");
  await page.reload();
  await expect(contentCards(page)).toHaveCount(1);
});

test("quick upload of a PDF and a DOCX with progress; found by a word inside; ask without and with a model", async ({
  page,
  request,
  superAdmin,
}) => {
  await page.setViewportSize(DESKTOP);
  const { user, sessionId } = await openKnowledgeBaseAsNewInstructor(page, request, superAdmin.sessionId);
  const panel = page.getByRole("region", { name: "Quick Upload" });
  const input = panel.locator('input[type="file"]');
  await expect(input).toBeAttached();
  await input.setInputFiles([files.pdf, files.docx]);
  const queued = panel.getByRole("list", { name: "Files to upload" }).getByRole("listitem");
  await expect(queued).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);

  // Slow the upload so that the PDF's progress can be watched part-way.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 16 * 1024,
  });
  await panel.getByRole("button", { name: "Upload 2 Files" }).click();
  const pdfRow = queued.filter({ hasText: "coastal-field-guide.pdf" });
  await expect
    .poll(async () => Number(await pdfRow.getByRole("progressbar").getAttribute("aria-valuenow")), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  expect(Number(await pdfRow.getByRole("progressbar").getAttribute("aria-valuenow"))).toBeLessThan(100);
  await expect(pdfRow.getByTestId("upload-state")).toHaveText(/Uploading: \d+%/);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(page.getByText("2 file(s) added to your knowledge base.", { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("Files Uploaded", { exact: true })).toBeVisible();
  await expect(contentCards(page)).toHaveCount(2);
  const pdfCard = cardIn(contentCards(page), page, "coastal-field-guide");
  const docxCard = cardIn(contentCards(page), page, "seminar-rubric");
  await expect(pdfCard.getByRole("list", { name: "Tags" })).toHaveText("pdf");
  await expect(docxCard.getByRole("list", { name: "Tags" })).toHaveText("docx");
  // The job reads them: the status goes, and the content becomes the file's text.
  await expect(pdfCard.getByTestId("entry-status")).toHaveCount(0, { timeout: 45_000 });
  await expect(docxCard.getByTestId("entry-status")).toHaveCount(0, { timeout: 45_000 });
  await expect(docxCard.getByTestId("entry-content")).toContainText("Seminar Rubric");
  await expect(page.getByTestId("stat-passages")).not.toHaveText("0");

  // A word only on the PDF's last page finds it, with the page.
  const search = page.getByLabel("Search the knowledge base");
  await search.fill("tombolo");
  const pdfHit = cardIn(resultCards(page), page, "coastal-field-guide");
  await expect(pdfHit.getByTestId("search-snippet").locator("mark")).toHaveText(["tombolo"]);
  // The page its passage starts on: the last (26) or, when the passage began on the page before, 25.
  await expect(pdfHit.getByTestId("hit-where")).toHaveText(/^Page 2[56]$/);
  await search.fill("palimpsest");
  await expect(cardIn(resultCards(page), page, "seminar-rubric")).toBeVisible();
  await search.fill("");

  // Ask without an AI key: the best passages themselves, labelled as passages, with the reason.
  const ask = page.getByRole("region", { name: "Ask Your Knowledge Base" });
  await ask.getByLabel("Question").fill("What joins an island to the shore?");
  await ask.getByRole("button", { name: "Ask" }).click();
  await expect(ask.getByTestId("ask-mode")).toContainText("the most relevant passages are shown instead");
  const passages = ask.getByRole("list", { name: "Passages" }).getByRole("listitem");
  await expect(passages.first()).toContainText("[1]");
  await expect(passages.first()).toContainText("coastal-field-guide");
  await expect(passages.first()).toContainText("tombolo");
  await expectNoSeriousA11yViolations(page);
  // A source opens its entry.
  await passages.first().getByRole("button", { name: "coastal-field-guide", exact: true }).click();
  const view = page.getByRole("dialog", { name: "coastal-field-guide" });
  await expect(view).toContainText("tombolo");
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(view).toBeHidden();

  // With a key the local OpenAI-compatible stub writes the answer, streamed, citing sources.
  const saved = await request.put(`/api/faculty/${user.id}/api-key`, {
    headers: bearer(sessionId),
    data: { apiKey: "sk-stub-working-knowledge-key-01" },
  });
  expect(saved.ok()).toBe(true);
  await ask.getByRole("button", { name: "Ask" }).click();
  await expect(ask.getByTestId("ask-answer")).not.toBeEmpty();
  await expect(ask.getByTestId("ask-mode")).toHaveCount(0);
  const sources = ask.getByRole("list", { name: "Sources" }).getByRole("listitem");
  await expect(sources.first()).toContainText("[1]");
  await expect(sources.first()).toContainText("coastal-field-guide");
  await expect(ask.getByText(/Answer complete, with \d+ sources\./)).toBeAttached();
  await expectNoSeriousA11yViolations(page);
});

test("the Institution scope finds a colleague's shared entry, labelled with its owner, never editable", async ({
  page,
  request,
  superAdmin,
}) => {
  const institution = `Harbour College ${Date.now()}`;
  const colleague = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    name: "Grace Colleague",
    institution,
  });
  const colleagueSession = await loginViaApi(request, colleague.email, colleague.password);
  await addKnowledgeEntryViaApi(request, colleagueSession, {
    title: "Shared Estuary Worksheet",
    content: "Salinity rises toward the mouth of the estuary at high tide.",
    tags: ["geography"],
    isPrivate: false,
  });
  await addKnowledgeEntryViaApi(request, colleagueSession, {
    title: "Private Estuary Notes",
    content: "Salinity notes nobody else may read about the estuary.",
    isPrivate: true,
  });
  await page.setViewportSize(DESKTOP);
  await openKnowledgeBaseAsNewInstructor(page, request, superAdmin.sessionId, { institution });
  const search = page.getByLabel("Search the knowledge base");
  await search.fill("estuary salinity");
  await expect(page.getByRole("heading", { name: "No search results" })).toBeVisible();
  await page.getByRole("radio", { name: "Institution" }).check();
  const shared = cardIn(resultCards(page), page, "Shared Estuary Worksheet");
  await expect(shared).toBeVisible();
  await expect(shared.getByTestId("hit-scope")).toHaveText("Institution: Grace Colleague");
  await expect(shared.getByRole("button", { name: /^(Edit|Delete) / })).toHaveCount(0);
  await expect(cardIn(resultCards(page), page, "Private Estuary Notes")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("quick upload refuses an 11th file and a file over 50 MB before anything is sent", async ({
  page,
  request,
  superAdmin,
}) => {
  await page.setViewportSize(DESKTOP);
  await openKnowledgeBaseAsNewInstructor(page, request, superAdmin.sessionId);
  const sent: string[] = [];
  page.on("request", (req) => {
    if (/\/uploads\/|\/api\/documents\/upload-url|\/api\/knowledge-base$/.test(req.url()))
      sent.push(req.url());
  });
  const panel = page.getByRole("region", { name: "Quick Upload" });
  const input = panel.locator('input[type="file"]');
  const small = (name: string) => ({
    name,
    mimeType: "text/plain",
    buffer: Buffer.from(`notes of ${name}\n`),
  });
  const queued = panel.getByRole("list", { name: "Files to upload" }).getByRole("listitem");
  await input.setInputFiles(Array.from({ length: 11 }, (_, i) => small(`notes-${i + 1}.txt`)));
  await expect(panel.getByRole("alert")).toHaveText("You can upload at most 10 files at a time.");
  await expect(queued).toHaveCount(0);
  await input.setInputFiles(Array.from({ length: 10 }, (_, i) => small(`notes-${i + 1}.txt`)));
  await expect(queued).toHaveCount(10);
  await panel.getByRole("button", { name: "Remove notes-10.txt" }).click();
  const big = path.join(files.dir, "lecture-recording.mp4");
  fs.writeFileSync(big, "");
  fs.truncateSync(big, 50 * MiB + 1);
  await input.setInputFiles(big);
  await expect(panel.getByRole("alert")).toHaveText(
    '"lecture-recording.mp4" is larger than 50 MB: each file may be at most 50 MB.',
  );
  await expect(queued).toHaveCount(9);
  expect(sent).toEqual([]);
});

test("at 390 px: the screen, Add Content, Edit, the entry and the delete dialog fit and pass axe", async ({
  page,
  request,
  superAdmin,
}) => {
  await page.setViewportSize(PHONE);
  const user = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, user.email, user.password);
  await signInToDashboard(page, user);
  await page.goto("/knowledge-base");
  await expect(page.getByRole("heading", { name: "No content yet" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Add First Content" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Content" });
  await dialog.getByRole("button", { name: "Add Content" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expectWithinWindowWidth(page, dialog);
  await expectNoSidewaysScroll(page, "the Add Content dialog");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel("Title").fill("Field Trip Checklist With A Rather Long Title That Wraps");
  await dialog
    .getByLabel("Content")
    .fill("Boots, water, sun cream, and the signed consent forms for every student.");
  await dialog.getByLabel("Tags (comma-separated)").fill("fieldwork, checklist, safety, week 5");
  await dialog.getByRole("switch", { name: "Private" }).click();
  await dialog.getByRole("button", { name: "Add Content" }).click();
  await expect(dialog).toBeHidden();
  const card = cardIn(contentCards(page), page, "Field Trip Checklist With A Rather Long Title That Wraps");
  await expect(card.getByText("Shared with institution")).toBeVisible();
  await addKnowledgeEntryViaApi(request, sessionId, {
    title: "Second entry",
    content: "Another entry to fill the grid.",
  });
  await page.reload();
  await expect(contentCards(page)).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  await card.getByRole("button", { name: /^Edit Field Trip/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit Content" });
  await expect(edit.getByRole("switch", { name: "Private" })).toHaveAttribute("aria-checked", "false");
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await card
    .getByRole("button", { name: "Field Trip Checklist With A Rather Long Title That Wraps", exact: true })
    .click();
  await expect(
    page.getByRole("dialog", { name: "Field Trip Checklist With A Rather Long Title That Wraps" }),
  ).toContainText("signed consent forms");
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await card.getByRole("button", { name: /^Delete Field Trip/ }).click();
  const confirm = page
    .getByRole("dialog")
    .filter({ hasText: "Are you sure you want to delete this content?" });
  await expect(confirm).toBeVisible();
  await expectWithinWindowWidth(page, confirm);
  await expectNoSeriousA11yViolations(page);
});
