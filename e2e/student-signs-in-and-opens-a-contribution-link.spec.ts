// A student reaches no instructor screen or call; signed in, they see what students can do (contribute
// through a project's link) and can open such a link from there.
import {
  createApprovedUserViaApi,
  createProjectViaApi,
  expect,
  expectNoSeriousA11yViolations,
  loginViaApi,
  signInViaUi,
  test,
} from "./fixtures.ts";

test("a signed-in student sees their page, opens a contribution link from it, and signs out", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const project = await createProjectViaApi(
    request,
    await loginViaApi(request, instructor.email, instructor.password),
    {
      title: "River Chemistry",
      discipline: "chemistry",
    },
  );
  const student = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    role: "student",
    name: "Sam Student",
  });

  await signInViaUi(page, student.email, student.password);
  await expect(page.getByRole("heading", { name: "Welcome, Sam Student" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What you can do today" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // An instructor screen's address shows the student page too, and its call is refused.
  await page.goto("/templates");
  await expect(page.getByRole("heading", { name: "Welcome, Sam Student" })).toBeVisible();
  const refused = await page.evaluate(async () => {
    const sessionId = localStorage.getItem("sessionId");
    const response = await fetch("/api/templates/search", {
      headers: { Authorization: `Bearer ${sessionId}` },
    });
    return response.status;
  });
  expect(refused).toBe(403);

  // Keyboard only: text that is not a link is explained; the link opens the contribution page.
  const field = page.getByLabel("Contribution link");
  await field.focus();
  await page.keyboard.type("my teacher's link");
  await page.keyboard.press("Enter");
  await expect(page.getByText(/Paste the contribution link your instructor shared/)).toBeVisible();
  await field.fill(`${new URL(page.url()).origin}/contribute/${project.contributionToken}`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/contribute/${project.contributionToken}$`));
  await expect(page.getByRole("heading", { name: "Contribute to River Chemistry" })).toBeVisible();

  await page.goto("/");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
});
