import {
  createApprovedUserViaApi,
  createProjectViaApi,
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

// The instructor reads the project's Scheduling card: the defaults in use, Fit now disabled with
// the reason (no reviews yet), and switches fitted parameters off by keyboard; on a phone too.
test("an instructor reads a course's scheduling and switches fitted parameters off", async ({
  browser,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, { name: "Sam Schedule" });
  const session = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, session, {
    title: "Spaced Practice",
    discipline: "environmental-science",
  });

  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInToDashboard(page, instructor);
  await page.goto(`/projects/${project.id}`);
  const card = page.getByRole("region", { name: "Scheduling" });
  await expect(card.getByText("Default parameters.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Fit now" })).toBeDisabled();
  await expect(
    card.getByText(/A fit needs 1,000 reviews from 10 students;\s*there are 0 from 0\./),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const toggle = card.getByRole("checkbox", { name: "Use parameters fitted to this course" });
  await expect(toggle).toBeChecked();
  await tabTo(page, toggle);
  await page.keyboard.press("Space");
  await expect(card.getByText("Default parameters: fitted parameters are switched off.")).toBeVisible();
  await expect(toggle).not.toBeChecked();

  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
