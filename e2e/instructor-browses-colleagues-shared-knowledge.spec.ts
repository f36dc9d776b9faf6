// The Knowledge Base's Institution scope without a query: colleagues' shared entries, newest first,
// paged, each with its owner's name, opened read-only; and Ask saying when no passage matches
// (without an AI key, only matching passages are quoted). axe-core at 1280 and 390 px.
import type { APIRequestContext, Page } from "@playwright/test";
import {
  addKnowledgeEntryViaApi,
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

/** Waits until the entry's text is indexed (its passages are what Ask reads). */
async function indexed(request: APIRequestContext, sessionId: string, id: number) {
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/knowledge-base/${id}`, { headers: bearer(sessionId) })).json()) as {
            status: string;
          }
        ).status,
      { timeout: 60_000 },
    )
    .toBe("ready");
}

const cards = (page: Page, list: string) => page.getByRole("list", { name: list }).locator(":scope > li");

test("the Institution scope browses colleagues' shared entries with their owners, and Ask says when nothing matches", async ({
  page,
  request,
  superAdmin,
}) => {
  const institution = `Westfield University ${Date.now()}`;
  const colleague = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    name: "Dana Okafor",
    institution,
  });
  const colleagueSession = await loginViaApi(request, colleague.email, colleague.password);
  // 13 shared entries: one more than a page of 12.
  for (let n = 1; n <= 12; n += 1) {
    await addKnowledgeEntryViaApi(request, colleagueSession, {
      title: `Seminar handout ${n}`,
      content: `Reading questions for seminar week ${n}, shared with the department.`,
      isPrivate: false,
    });
  }
  const safety = await addKnowledgeEntryViaApi(request, colleagueSession, {
    title: "Lab safety briefing",
    content: "Lab safety rules: goggles and gloves at all times, and the eyewash station is by the door.",
    isPrivate: false,
  });
  await addKnowledgeEntryViaApi(request, colleagueSession, {
    title: "Dana's private marking notes",
    content: "Marking notes that nobody else may read.",
    isPrivate: true,
  });
  const outsider = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    institution: `Eastgate College ${Date.now()}`,
  });
  await addKnowledgeEntryViaApi(request, await loginViaApi(request, outsider.email, outsider.password), {
    title: "Eastgate shared syllabus",
    content: "A syllabus shared at another institution.",
    isPrivate: false,
  });

  const reader = await createApprovedUserViaApi(request, superAdmin.sessionId, { institution });
  const readerSession = await loginViaApi(request, reader.email, reader.password);
  const guide = await addKnowledgeEntryViaApi(request, readerSession, {
    title: "My own private trade routes guide",
    content: "Students trace medieval trade routes and the rules merchants followed in each port.",
    isPrivate: true,
  });
  await indexed(request, colleagueSession, safety.id);
  await indexed(request, readerSession, guide.id);
  await page.setViewportSize(DESKTOP);
  await signInToDashboard(page, reader);
  await page.goto("/knowledge-base");
  await expect(cards(page, "Your content")).toHaveCount(1);

  // Institution, no query: colleagues' shared entries, newest first, with the owner's name.
  await page.getByRole("radio", { name: "Institution" }).check();
  await expect(page.getByRole("heading", { name: "Shared by Colleagues" })).toBeVisible();
  const shared = cards(page, "Shared content");
  await expect(shared).toHaveCount(12);
  await expect(shared.first().getByRole("heading")).toHaveText("Lab safety briefing");
  await expect(shared.getByTestId("entry-owner")).toHaveText(Array(12).fill("Shared by Dana Okafor"));
  await expect(shared.getByRole("button", { name: /^(Edit|Delete) / })).toHaveCount(0);
  for (const title of [
    "My own private trade routes guide",
    "Dana's private marking notes",
    "Eastgate shared syllabus",
  ]) {
    await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(page);

  // Paged like the other lists: the 13th (the oldest) on page 2.
  await page
    .getByRole("navigation", { name: "Shared content pages" })
    .getByRole("button", { name: /Next/ })
    .click();
  await expect(shared).toHaveCount(1);
  await expect(shared.first().getByRole("heading")).toHaveText("Seminar handout 1");
  await page
    .getByRole("navigation", { name: "Shared content pages" })
    .getByRole("button", { name: /Previous/ })
    .click();

  // A shared entry opens read-only, with its owner's name; with the keyboard alone.
  const title = shared.first().getByRole("button", { name: "Lab safety briefing" });
  await tabTo(page, title, 80);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Lab safety briefing" });
  await expect(dialog).toContainText("Shared by Dana Okafor");
  await expect(dialog).toContainText("eyewash station");
  await expect(dialog.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Ask, without an AI key: a question nothing answers says so; a matching one quotes only the match.
  const askPanel = page.getByRole("region", { name: "Ask Your Knowledge Base" });
  await page.getByRole("radio", { name: "Mine" }).check();
  await askPanel.getByLabel("Question").fill("What lab safety rules should students know?");
  await askPanel.getByRole("button", { name: "Ask" }).click();
  await expect(askPanel.getByTestId("ask-none")).toHaveText(
    "No passage in your knowledge base matches this question.",
  );
  await expect(askPanel.getByTestId("ask-source")).toHaveCount(0);
  await expect(askPanel.getByTestId("ask-mode")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("radio", { name: "Institution" }).check();
  await askPanel.getByRole("button", { name: "Ask" }).click();
  const sources = askPanel.getByTestId("ask-source");
  await expect(sources).toHaveCount(1);
  await expect(sources.first()).toContainText("Lab safety briefing");

  // At 390 px: no sideways scrolling, the owner on each card, axe clean.
  await page.setViewportSize(PHONE);
  await expect(shared).toHaveCount(12);
  await expect(shared.first().getByTestId("entry-owner")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
