// A typo of a word in the body of one's own text finds it, and the Knowledge Base and the Document
// Manager both say which words they searched instead ("Did you mean …"), by keyboard alone, with
// axe-core at 1280 and 390 px.
import type { APIRequestContext, Page } from "@playwright/test";
import {
  bearer,
  createApprovedUserViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  loginViaApi,
  PHONE,
  signInToDashboard,
  tabTo,
  test,
} from "./fixtures.ts";

const BODY =
  "Week five reading. Enzyme kinetics set the pace of the reaction; chlorophyll absorbs red light; " +
  "merchants of the Hanseatic League traded amber and salt.";

/** Polls a GET until `done` holds for its JSON (an indexing job has finished). */
async function waitFor(
  request: APIRequestContext,
  url: string,
  sessionId: string,
  done: (body: never) => boolean,
) {
  await expect
    .poll(
      async () => {
        const response = await request.get(url, { headers: bearer(sessionId) });
        return done((await response.json()) as never);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

/** A knowledge entry made from an uploaded text file (its words are body text only), indexed. */
async function fileEntryViaApi(request: APIRequestContext, sessionId: string, title: string, text: string) {
  const fileUrl = await uploadViaApi(request, sessionId, `${title}.txt`, text);
  const created = await request.post("/api/knowledge-base", {
    headers: bearer(sessionId),
    data: { title, content: `Uploaded file: ${title}.txt`, fileUrl },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await waitFor(
    request,
    `/api/knowledge-base/${id}`,
    sessionId,
    (entry: { status: string }) => entry.status === "ready",
  );
}

/** A document in AI search, indexed. */
async function documentViaApi(request: APIRequestContext, sessionId: string, fileName: string, text: string) {
  const fileUrl = await uploadViaApi(request, sessionId, fileName, text);
  const created = await request.post("/api/documents", {
    headers: bearer(sessionId),
    data: { fileName, fileUrl, includeInVectorDb: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await waitFor(
    request,
    `/api/documents/${id}`,
    sessionId,
    (document: { vectorStatus: string }) => document.vectorStatus === "ready",
  );
}

/** The upload flow of the spec: an upload address, then a PUT of the file to it. */
async function uploadViaApi(request: APIRequestContext, sessionId: string, fileName: string, text: string) {
  const address = await request.post("/api/documents/upload-url", {
    headers: bearer(sessionId),
    data: { fileName },
  });
  expect(address.status()).toBe(200);
  // A relative address (no PUBLIC_URL in the tests), sent to the test server.
  const uploadURL = ((await address.json()) as { uploadURL: string }).uploadURL;
  const put = await request.put(uploadURL, {
    headers: bearer(sessionId),
    data: Buffer.from(`${text}\n`),
  });
  expect(put.status(), await put.text()).toBe(200);
  return ((await put.json()) as { fileUrl: string }).fileUrl;
}

async function signedIn(page: Page, request: APIRequestContext, adminSessionId: string) {
  const user = await createApprovedUserViaApi(request, adminSessionId);
  const sessionId = await loginViaApi(request, user.email, user.password);
  await signInToDashboard(page, user);
  return sessionId;
}

const didYouMean = (page: Page) => page.getByTestId("did-you-mean");

for (const [width, viewport] of [
  ["1280", DESKTOP],
  ["390", PHONE],
] as const) {
  test(`at ${width} px: a typo of a word in an uploaded file's text finds it on the Knowledge Base, saying "Did you mean"`, async ({
    page,
    request,
    superAdmin,
  }) => {
    await page.setViewportSize(viewport);
    const sessionId = await signedIn(page, request, superAdmin.sessionId);
    await fileEntryViaApi(request, sessionId, "Week five handout", BODY);
    await page.goto("/knowledge-base");
    const box = page.getByLabel("Search the knowledge base");
    await tabTo(page, box, 60);
    await page.keyboard.type("hanseatc leage");
    await expect(didYouMean(page)).toHaveText(
      "Did you mean “hanseatic league”? Nothing matched “hanseatc leage”, so these are the results for “hanseatic league”.",
    );
    const results = page.getByRole("list", { name: "Search results" }).locator(":scope > li");
    await expect(results).toHaveCount(1);
    await expect(results.first().getByRole("heading", { name: "Week five handout" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    // Words found as typed: no line.
    await box.fill("");
    await page.keyboard.type("enzyme kinetics");
    await expect(results).toHaveCount(1);
    await expect(didYouMean(page)).toHaveCount(0);
  });

  test(`at ${width} px: a typo of a word in a document finds it on the Document Manager, saying "Did you mean"`, async ({
    page,
    request,
    superAdmin,
  }) => {
    await page.setViewportSize(viewport);
    const sessionId = await signedIn(page, request, superAdmin.sessionId);
    await documentViaApi(request, sessionId, "week-five.txt", BODY);
    await page.goto("/documents");
    const box = page.getByLabel("Search your documents");
    await tabTo(page, box, 60);
    await page.keyboard.type("chlorophil");
    await page.keyboard.press("Enter");
    await expect(didYouMean(page)).toHaveText(
      "Did you mean “chlorophyll”? Nothing matched “chlorophil”, so these are the results for “chlorophyll”.",
    );
    const results = page.getByRole("list", { name: "Search results" }).getByRole("listitem");
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText("week-five.txt");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await box.fill("");
    await page.keyboard.type("chlorophyll");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Found 1 relevant document")).toBeVisible();
    await expect(didYouMean(page)).toHaveCount(0);
  });
}
