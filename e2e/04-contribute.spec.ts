import {
  createApprovedUserViaApi,
  expect,
  expectNoSeriousA11yViolations,
  loginViaApi,
  test,
} from "./fixtures.ts";

test("a student contributes through the project's link without an account", async ({
  browser,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const headers = {
    Authorization: `Bearer ${await loginViaApi(request, instructor.email, instructor.password)}`,
  };
  const created = await request.post("/api/projects", {
    headers,
    data: {
      title: "Harbour Water Study",
      discipline: "chemistry",
      methodology: { discipline: "chemistry", pivotConcepts: "Calibration curves" },
    },
  });
  expect(created.status()).toBe(201);
  const project = (await created.json()) as { id: number; contributionToken: string };

  const context = await browser.newContext(); // a fresh browser: no session at all
  const page = await context.newPage();
  await page.goto(`/contribute/${project.contributionToken}`);
  await expect(page.getByRole("heading", { name: "Contribute to Harbour Water Study" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Send Contribution" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Contribution must be at least 10 characters")).toBeVisible();

  const content = "<script>window.hacked = true</script> Could we sample below the marina?";
  await page.getByLabel("Your Name").fill("<b>Maya</b> Chen");
  await page.getByLabel("Email (optional)").fill("maya@students.test");
  await page.getByLabel("Type").selectOption("question");
  await page.getByLabel("Your Contribution").fill(content);
  await page.getByRole("button", { name: "Send Contribution" }).click();
  await expect(page.getByText("Thank you! Your contribution was sent to your instructor.")).toBeVisible();
  expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
  await context.close();

  const list = await request.get(`/api/contributions/project/${project.id}`, { headers });
  expect(await list.json()).toEqual([
    expect.objectContaining({
      studentName: "<b>Maya</b> Chen",
      contributionType: "question",
      content,
      status: "pending",
    }),
  ]);

  // a regenerated link stops working at once, with a message
  await request.post(`/api/projects/${project.id}/contribution-token`, { headers });
  const stale = await browser.newContext();
  const stalePage = await stale.newPage();
  await stalePage.goto(`/contribute/${project.contributionToken}`);
  await expect(stalePage.getByText(/This contribution link is not valid any more/)).toBeVisible();
  await stale.close();
});
