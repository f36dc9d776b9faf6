import {
  bearer,
  createApprovedUserViaApi,
  createProjectViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  loginViaApi,
  PHONE,
  signInViaUi,
  test,
} from "./fixtures.ts";

// A student opens the join link (typed in lower case) signed out: the page speaks to a student and
// shows the code as the instructor shares it. Signed in, they read the project with the
// discipline's label, and a pivot card without the fields the instructor left empty.
test("a student follows a join link and reads the project in a student's words", async ({
  page,
  request,
  superAdmin,
}) => {
  test.setTimeout(120_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const session = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, session, {
    title: "Enzyme Kinetics Lab",
    discipline: "biochemistry",
  });
  // A card with only its required fields: the others are stored as "Not specified" / "Not provided".
  const card = await request.post("/api/pivot-cards", {
    headers: bearer(session),
    data: {
      title: "Michaelis constant",
      discipline: "biochemistry",
      definition: "The substrate concentration at half the maximum rate.",
      projectId: project.id,
    },
  });
  expect(card.status()).toBe(201);
  expect(await card.json()).toMatchObject({ constraints: "Not specified", minimalExample: "Not provided" });
  const student = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    name: "Jo Student",
    role: "student",
  });

  const typed = project.joinCode.toLowerCase();
  await page.setViewportSize(DESKTOP);
  await page.goto(`/join/${typed}`);
  await expect(page.getByText("For students", { exact: true })).toBeVisible();
  await expect(page.getByText("For university faculty")).toHaveCount(0);
  await expect(page.getByText("Sign in with your student account to join the project.")).toBeVisible();
  const shownCode = page.getByText(/To join the project with code/).locator("strong");
  await expect(shownCode).toHaveText(project.joinCode);
  await expect(page.getByText(typed, { exact: true })).toHaveCount(0);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  }

  // Creating an account from here is a student's registration.
  await page.getByRole("button", { name: "Don't have an account? Create one" }).click();
  await expect(page.getByText("Create a student account to join the project.")).toBeVisible();
  await page.getByRole("button", { name: "Already have an account? Sign in" }).click();

  await page.setViewportSize(DESKTOP);
  await signInViaUi(page, student.email, student.password);
  await expect(page).toHaveURL(new RegExp(`/student/projects/${project.id}$`));
  const header = page.getByRole("heading", { name: "Enzyme Kinetics Lab", level: 1 }).locator("..");
  await expect(header.getByText("Biochemistry", { exact: true })).toBeVisible();
  await expect(page.getByText("biochemistry", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Michaelis constant" })).toBeVisible();
  for (const placeholder of [
    "Not specified",
    "Not provided",
    "Constraints:",
    "Example:",
    "Counter example:",
  ]) {
    await expect(page.getByText(placeholder), placeholder).toHaveCount(0);
  }
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  }

  // My Projects names the discipline the same way.
  await page
    .getByRole("navigation", { name: "Student navigation" })
    .getByRole("link", { name: "My Projects" })
    .click();
  await expect(page.getByRole("link", { name: /Enzyme Kinetics Lab/ })).toContainText("Biochemistry");
});
