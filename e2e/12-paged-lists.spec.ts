import {
  buildUser,
  createApprovedUserViaApi,
  createProjectViaApi,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  loginViaApi,
  registerViaApi,
  signInViaUi,
  test,
} from "./fixtures.ts";

// Issue 12: lists answer a page at a time and filter on the server, so the screens page them.

test("Student Collaboration shows contributions 20 at a time and filters them on the server", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, instructor.email, instructor.password);
  const tides = await createProjectViaApi(request, sessionId, { title: "Tide Pools", discipline: "biology" });
  const caves = await createProjectViaApi(request, sessionId, { title: "Sea Caves", discipline: "biology" });
  const send = async (token: string, studentName: string) => {
    const sent = await request.post(`/api/public/contributions/${token}`, {
      data: {
        studentName,
        contributionType: "question",
        content: `A question from ${studentName} about the site`,
      },
    });
    expect(sent.status()).toBe(201);
  };
  for (let n = 1; n <= 23; n += 1)
    await send(tides.contributionToken, `Student ${String(n).padStart(2, "0")}`);
  await send(caves.contributionToken, "Cave Student A");
  await send(caves.contributionToken, "Cave Student B");

  await signInViaUi(page, instructor.email, instructor.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/collaboration");
  const stat = (label: string) => page.locator("dl > div").filter({ hasText: label }).locator("dd");
  const cards = page.getByRole("list", { name: "Contributions" }).getByRole("listitem");
  await expect(stat("Total Contributions")).toHaveText("25");
  await expect(stat("Active Students")).toHaveText("25");
  await expect(cards).toHaveCount(20);
  const pager = page.getByRole("navigation", { name: "Contribution pages" });
  await expect(pager).toContainText("Page 1 of 2 · 25 contributions");
  // Newest first: the second project's two, then the first project's last 18.
  await expect(cards.first()).toContainText("Cave Student B");
  await expectNoSeriousA11yViolations(page);

  await pager.getByRole("button", { name: "Next" }).click();
  await expect(pager).toContainText("Page 2 of 2");
  await expect(cards).toHaveCount(5);
  await expect(cards.last()).toContainText("Student 01");

  await page.getByLabel("Project").selectOption({ label: "Sea Caves" });
  await expect(cards).toHaveCount(2);
  await expect(stat("Total Contributions")).toHaveText("2");
  await expect(pager).toHaveCount(0);

  await page.getByLabel("Project").selectOption({ label: "All Projects" });
  await page.getByLabel("Search").fill("student 07");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Student 07");

  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByLabel("Search").fill("");
  await expect(cards).toHaveCount(20);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test("Accounts are searched by name or e-mail and counted in all", async ({ page, request, superAdmin }) => {
  const marker = `pager${Date.now()}`;
  for (const n of [1, 2, 3]) {
    await registerViaApi(
      request,
      buildUser({ name: `Waiting ${marker} ${n}`, email: `${marker}.${n}@uni.test` }),
    );
  }
  await signInViaUi(page, superAdmin.user.email, superAdmin.user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin/users");
  await page.getByLabel("Search accounts").fill(marker);
  await expect(page.getByRole("list", { name: "Pending accounts" }).getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("tab", { name: /Pending/ })).toContainText("3");
  await page.getByLabel("Search accounts").fill(`${marker}.2@`);
  await expect(page.getByRole("list", { name: "Pending accounts" }).getByRole("listitem")).toHaveCount(1);
  await page.getByLabel("Search accounts").fill(`${marker}-nobody`);
  await expect(page.getByText(`No pending accounts match "${marker}-nobody".`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
