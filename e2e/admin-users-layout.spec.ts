import type { Locator } from "@playwright/test";
import {
  buildUser,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  PHONE,
  registerViaApi,
  signInViaUi,
  test,
} from "./fixtures.ts";

/** The words of an element's text that the browser split over two lines (mid-word breaks). */
const brokenWords = (element: Locator) =>
  element.evaluate((node) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const match of (text.textContent ?? "").matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });

// Administration -> Users at 1280 px: an account's details wrap between words, never inside one
// ("Biochemist ry").
test("the Users screen wraps account details at word boundaries at 1280 and 390 px", async ({
  page,
  request,
  superAdmin,
}) => {
  // A new registration: listed under Pending, the tab the screen opens on.
  const account = buildUser({
    name: "Dana Wrapwell",
    title: "Associate Professor of Biochemistry",
    department: "Biochemistry",
    institution: "Northumberland Polytechnic Institute of Technology",
  });
  await registerViaApi(request, account);
  await page.setViewportSize(DESKTOP);
  await signInViaUi(page, superAdmin.user.email, superAdmin.user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin/users");
  await page.getByLabel("Search accounts").fill(account.email);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Dana Wrapwell" }) });
  await expect(card.getByText("Biochemistry", { exact: true })).toBeVisible();

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expect(card.getByText("Biochemistry", { exact: true })).toBeVisible();
    expect(await brokenWords(card.locator("dl")), `details at ${viewport.width} px`).toEqual([]);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  }
});
