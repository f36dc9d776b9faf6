// The templates screen on a phone (short on first load, each featured card once, the export bar at
// hand), and the side navigation's background on a tall page at 1280 px.
import type { Page } from "@playwright/test";
import {
  bearer,
  createApprovedUserViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  PHONE,
  signInViaUi,
  test,
} from "./fixtures.ts";

/**
 * The templates screen at 390 px as it first loads must stay under this height. It holds the
 * controls (title, filters, count: about 1,000 px), one sideways row of featured cards (about
 * 450 px) and one page of nine cards in one column (each at most 480 px: 4,320 px) with its pager:
 * about 5,900 px. The first load used to be 6,907 px (nine cards, then nine featured cards
 * in a column, most of them repeating the grid), and 18,366 px with every page shown.
 */
const PHONE_FIRST_LOAD_MAX_HEIGHT = 5_900;

const gridCards = (page: Page) =>
  page.getByRole("list", { name: "Templates", exact: true }).locator(":scope > li");

async function openTemplates(page: Page, email: string, password: string) {
  await signInViaUi(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/templates");
  await expect(gridCards(page).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Featured Templates" })).toBeVisible();
}

/** Every page of both lists. */
async function showEveryPage(page: Page) {
  for (const name of ["Show more templates", "Show more featured templates"]) {
    const button = page.getByRole("button", { name });
    while ((await button.count()) > 0) await button.click();
  }
}

async function featuredNames(page: Page): Promise<string[]> {
  const sessionId = await page.evaluate(() => localStorage.getItem("sessionId"));
  const response = await page.request.get("/api/templates/search?featuredOnly=true&limit=500", {
    headers: bearer(sessionId ?? ""),
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { name: string }[]).map((template) => template.name);
}

/** Each featured template's name is the heading of exactly one card. */
async function expectEachFeaturedOnce(page: Page) {
  const names = await featuredNames(page);
  expect(names.length).toBeGreaterThan(9); // the seeded library: more than a page of them
  for (const name of names) {
    await expect(page.getByRole("heading", { name, exact: true }), name).toHaveCount(1);
  }
}

test("the templates screen on a phone: short, each featured card once, the export bar at hand", async ({
  page,
  request,
  superAdmin,
}) => {
  await page.setViewportSize(PHONE);
  const member = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await openTemplates(page, member.email, member.password);
  await expect(gridCards(page)).toHaveCount(9);

  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  test.info().annotations.push({ type: "height at 390 px, first load", description: String(height) });
  expect(height).toBeLessThanOrEqual(PHONE_FIRST_LOAD_MAX_HEIGHT);
  await expectNoSidewaysScroll(page);
  await page.getByRole("region", { name: "Featured Templates" }).locator("ul").scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);

  // every template is on the page once: "Showing X" counts both sections
  await showEveryPage(page);
  await expectEachFeaturedOnce(page);
  const showing = await page.getByText(/^Showing \d+ of \d+ templates$/).textContent();
  const matching = Number(/Showing (\d+)/.exec(showing ?? "")?.[1]);
  const featuredCards = page.getByRole("region", { name: "Featured Templates" }).locator(":scope > ul > li");
  expect((await featuredCards.count()) + (await gridCards(page).count())).toBe(matching);
  const fullHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  test.info().annotations.push({ type: "height at 390 px, every page", description: String(fullHeight) });

  // a card near the end: the bar with the count and the formats is in the window
  const last = gridCards(page).last();
  const lastName = (await last.getByRole("heading").textContent()) ?? "";
  await last.getByRole("checkbox").check();
  const bar = page.getByRole("region", { name: "Export selected templates" });
  await expect(bar.getByText("1 selected")).toBeInViewport();
  for (const format of ["DOCX", "CSV", "JSON"]) {
    await expect(bar.getByRole("button", { name: format, exact: true })).toBeInViewport();
  }
  await expectNoSeriousA11yViolations(page);

  // at the very end of the page the bar covers none of the last card's buttons
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const barBox = await bar.boundingBox();
  const detailsBox = await last.getByRole("button", { name: `View details of ${lastName}` }).boundingBox();
  expect(barBox && detailsBox).toBeTruthy();
  if (barBox && detailsBox) expect(detailsBox.y + detailsBox.height).toBeLessThanOrEqual(barBox.y);

  // the keyboard reaches it right after the last card, and it exports the selection
  await last.getByRole("button", { name: `View details of ${lastName}` }).focus();
  await page.keyboard.press("Tab");
  await expect(bar.getByRole("button", { name: "DOCX", exact: true })).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(download.suggestedFilename()).toBe("PBL-Templates-Professional-Guide.docx");
  await expect(bar).toHaveCount(0); // the selection is cleared
  await expect(page.getByRole("button", { name: "Select All" })).toBeFocused(); // not the page's start

  // the menu sheet reaches the bottom of the window
  await page.getByRole("button", { name: "Open navigation menu" }).click();
  const sheet = page.getByRole("dialog", { name: "Navigation" });
  await expect(sheet).toBeVisible();
  const sheetBox = await sheet.boundingBox();
  expect(sheetBox && Math.round(sheetBox.y + sheetBox.height)).toBe(PHONE.height);
  await expectNoSeriousA11yViolations(page);
});

test("on a tall page the sidebar's background reaches the bottom of the page", async ({
  page,
  request,
  superAdmin,
}) => {
  await page.setViewportSize(DESKTOP);
  const member = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await openTemplates(page, member.email, member.password);
  await showEveryPage(page);

  const sidebar = page
    .locator("aside")
    .filter({ has: page.getByRole("navigation", { name: "Main navigation" }) });
  const measure = () =>
    page.evaluate(() => {
      const aside = document.querySelector("aside");
      if (!aside) return null;
      const box = aside.getBoundingClientRect();
      return {
        top: Math.round(box.top + window.scrollY),
        bottom: Math.round(box.bottom + window.scrollY),
        page: document.documentElement.scrollHeight,
        window: window.innerHeight,
      };
    });
  await expect(sidebar).toHaveCount(1);
  const atTop = await measure();
  expect(atTop).not.toBeNull();
  if (!atTop) return;
  expect(atTop.page).toBeGreaterThan(3 * atTop.window); // a tall page
  expect(atTop.top).toBe(0);
  expect(atTop.bottom).toBe(atTop.page);

  // at the bottom of the page the navigation is still in view
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(
    page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Project Templates" }),
  ).toBeInViewport();
  expect((await measure())?.bottom).toBe(atTop.page);
  await expectEachFeaturedOnce(page);

  await gridCards(page).last().getByRole("checkbox").check();
  await expect(page.getByRole("region", { name: "Export selected templates" })).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Clear selection" }).click();
  await expect(page.getByRole("region", { name: "Export selected templates" })).toHaveCount(0);
  await expect(gridCards(page).last().getByRole("checkbox")).not.toBeChecked();
});
