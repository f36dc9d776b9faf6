// Issue 13, items 5, 7 and 8: what a new faculty member hits in the first half.
import type { Page } from "@playwright/test";
import {
  bearer,
  createApprovedUserViaApi,
  expect,
  expectNoSeriousA11yViolations,
  signInViaUi,
  test,
} from "./fixtures.ts";

const PHONE = { width: 390, height: 844 };

async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

async function signIn(page: Page, user: { email: string; password: string }) {
  await signInViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

const templateCard = (page: Page, name: string) =>
  page.getByRole("list", { name: "Templates" }).getByRole("listitem").filter({ hasText: name });

test("template search finds what a typo names, and the discipline filter lists the library's disciplines", async ({
  page,
  request,
  superAdmin,
}) => {
  // An administrator's template is approved at once: the library now holds Physics, which is not
  // one of the spec's thirteen filter values.
  const created = await request.post("/api/templates", {
    headers: bearer(superAdmin.sessionId),
    data: {
      name: "Pendulum Timing Lab",
      description: "Students time pendulums with phone sensors after mastering simple harmonic motion.",
      discipline: "physics",
      category: "laboratory",
      difficultyLevel: "beginner",
      estimatedDuration: "3 weeks",
      template: {
        phases: ["Pivot: harmonic motion", "Measure", "Model", "Report"],
        deliverables: ["Lab report"],
        tools: ["phyphox"],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const member = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await signIn(page, member);
  await page.goto("/templates");
  await expect(page.getByText(/^Showing \d+ of \d+ templates$/)).toBeVisible();

  const search = page.getByLabel("Search templates");
  for (const typo of ["enzime", "enzime kinetcs", "oral histroy", "gene expresion", "epidemc"]) {
    await search.fill(typo);
    const expected = {
      enzime: "Enzyme Kinetics Investigation",
      "enzime kinetcs": "Enzyme Kinetics Investigation",
      "oral histroy": "Community Oral History Archive",
      "gene expresion": "Gene Expression Lab and Bioethics Forum",
      epidemc: "Modelling an Epidemic",
    }[typo];
    await expect(page.getByText(`"${typo}"`)).toBeVisible(); // the active filter badge
    await expect(
      page.getByRole("list", { name: "Templates" }).getByRole("listitem").first(),
      typo,
    ).toContainText(expected as string);
  }
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Clear All" }).click();

  const discipline = page.getByLabel("Discipline");
  await expect(discipline.getByRole("option", { name: "Physics" })).toHaveCount(1);
  await expect(discipline.getByRole("option", { name: "Biochemistry" })).toHaveCount(1); // the spec's stay
  await discipline.selectOption("physics");
  await expect(templateCard(page, "Pendulum Timing Lab")).toBeVisible();
  await expect(page.getByText(/^Showing 1 of \d+ templates$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize(PHONE);
  await search.fill("enzime kinetcs");
  await discipline.selectOption("all");
  await expect(templateCard(page, "Enzyme Kinetics Investigation")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
