import {
  bearer,
  createApprovedUserViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  expectWithinWindowWidth,
  loginViaApi,
  PHONE,
  signInToDashboard,
  test,
} from "./fixtures.ts";

// Quick Upload tags each file's entry with its type; the Filters panel offers that type once,
// under Types, and its Tags filter lists only the tags people gave.
test("quick-uploaded files add their type to the Types filter only, not to the Tags filter", async ({
  page,
  request,
  superAdmin,
}) => {
  test.setTimeout(90_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const session = await loginViaApi(request, instructor.email, instructor.password);
  const typed = await request.post("/api/knowledge-base", {
    headers: bearer(session),
    data: {
      title: "Titration checklist",
      content: "Rinse the burette, then read the meniscus at eye level.",
      tags: ["chemistry"],
      isPrivate: true,
    },
  });
  expect(typed.status()).toBe(201);

  await page.setViewportSize(DESKTOP);
  await signInToDashboard(page, instructor);
  await page.goto("/knowledge-base");
  const panel = page.getByRole("region", { name: "Quick Upload" });
  await panel.locator('input[type="file"]').setInputFiles({
    name: "lab-notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Lab notes: buffer solutions keep the pH steady when acid is added.\n"),
  });
  await panel.getByRole("button", { name: /^Upload 1 File/ }).click();
  await expect(page.getByText("Files Uploaded", { exact: true })).toBeVisible({ timeout: 30_000 });

  const filters = page.getByRole("region", { name: "Filters" });
  const byType = filters.getByRole("list", { name: "Filter by type" });
  await expect(byType.getByRole("button", { name: /^TXT/ })).toBeVisible();
  const byTag = filters.getByRole("list", { name: "Filter by tag" });
  await expect(byTag.getByRole("button", { name: /^chemistry/ })).toBeVisible();
  await expect(byTag.getByRole("button")).toHaveCount(1);

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await filters.scrollIntoViewIfNeeded();
    await expectWithinWindowWidth(page, filters);
    await expectNoSidewaysScroll(page, "the Filters panel");
    await expectNoSeriousA11yViolations(page);
  }
});
