// A student joins a project by its link: the instructor shows a join code; a new student registers
// through /join/:code, is approved, signs in and is joined; they read the project in a student's
// words; the instructor sees them on the roster and can remove them.
import {
  approveViaApi,
  bearer,
  buildUser,
  createApprovedUserViaApi,
  createProjectViaApi,
  DESKTOP,
  expect,
  expectFitsDesktopAndPhone,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  findUserIdViaApi,
  loginViaApi,
  PHONE,
  signInToDashboard,
  signInViaUi,
  test,
} from "./fixtures.ts";

// An instructor shows a join code; a new student registers through
// /join/:code, is approved, signs in and is joined; they read the project; the instructor sees
// them on the roster and can remove them.
test("a student registers through a join link, is approved, joins and reads the project; the roster shows them", async ({
  browser,
  request,
  superAdmin,
}) => {
  test.setTimeout(120_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    name: "Iris Instructor",
  });
  const instructorSession = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, instructorSession, {
    title: "River Chemistry",
    discipline: "chemistry",
    methodology: {
      pivotConcepts: "Calibration curves and detection limits",
      launchApplications: "Sample the river with a community group",
      timeline: "Six weeks",
      classSize: "PRIVATE-CLASS-SIZE-40",
    },
  });
  const card = await request.post("/api/pivot-cards", {
    headers: { authorization: `Bearer ${instructorSession}` },
    data: {
      title: "Calibration",
      discipline: "chemistry",
      definition: "Relating a signal to amount.",
      projectId: project.id,
    },
  });
  expect(card.status()).toBe(201);
  const example = await request.post("/api/worked-examples", {
    headers: { authorization: `Bearer ${instructorSession}` },
    data: {
      pivotCardId: (await card.json()).id,
      title: "Five standards",
      steps: ["Weigh the salt", "Dilute"],
    },
  });
  expect(example.status()).toBe(201);

  // The instructor's project screen shows the code, the link and the QR code.
  const teacher = await (await browser.newContext()).newPage();
  await signInToDashboard(teacher, instructor);
  await teacher.goto(`/projects/${project.id}`);
  await expect(teacher.getByTestId("join-code")).toHaveText(project.joinCode);
  await expect(teacher.getByLabel("Join link for students with an account")).toHaveValue(
    new RegExp(`/join/${project.joinCode}$`),
  );
  await teacher.getByRole("button", { name: "Show QR Code" }).click();
  await expect(teacher.getByRole("img", { name: /QR code of the join link/ })).toBeVisible();
  await expect(teacher.getByText("No student has joined yet.")).toBeVisible();

  // A new student opens the join link signed out: asked to sign in or register as a student.
  const student = buildUser({ name: "Sam Student", role: "student" });
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/join/${project.joinCode}`);
  await expect(page.getByText(/To join the project with code/)).toBeVisible();
  await page.getByRole("button", { name: "Don't have an account? Create one" }).click();
  await expect(page.getByLabel("Role")).toHaveValue("student");
  await page.getByLabel("Full Name").fill(student.name);
  await page.getByLabel("Email", { exact: true }).fill(student.email);
  await page.getByLabel("Password", { exact: true }).fill(student.password);
  await page.getByLabel("Title").fill("Student");
  await page.getByLabel("Department").fill(student.department);
  await page.getByLabel("Institution").fill(student.institution);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(
    page.getByText("Registration successful! Please wait for admin approval.", { exact: true }),
  ).toBeVisible();

  // The admin approves; the student signs in (the code was kept) and is joined.
  await approveViaApi(
    request,
    superAdmin.sessionId,
    await findUserIdViaApi(request, superAdmin.sessionId, student.email),
  );
  await page.getByRole("button", { name: "Already have an account? Sign in" }).click();
  await signInViaUi(page, student.email, student.password);
  await expect(page).toHaveURL(new RegExp(`/student/projects/${project.id}$`));
  await expect(page.getByRole("heading", { name: "River Chemistry", level: 1 })).toBeVisible();
  await expect(page.getByText("Calibration curves and detection limits")).toBeVisible();
  await expect(page.getByText("Sample the river with a community group")).toBeVisible();
  await expect(page.getByText("Six weeks")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Calibration" })).toBeVisible();
  await expect(page.getByText("Weigh the salt")).toBeVisible();
  await expect(page.getByText("PRIVATE-CLASS-SIZE-40")).toHaveCount(0);
  const nav = page.getByRole("navigation", { name: "Student navigation" });
  await expect(nav.getByRole("link", { name: "My Projects" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);

  await expectFitsDesktopAndPhone(page, "the project as a student reads it");

  // My Projects lists it; a wrong code says why; axe at both widths.
  await nav.getByRole("link", { name: "My Projects" }).click();
  await expect(page.getByRole("link", { name: /River Chemistry/ })).toBeVisible();
  await page.getByLabel("Join code").fill("ZZZZZZZZ");
  await page.getByRole("button", { name: "Join", exact: true }).click();
  await expect(
    page.getByText("No project has this join code, or joining is closed", { exact: true }),
  ).toBeVisible();
  await expectFitsDesktopAndPhone(page, "My Projects with a wrong code");

  // The instructor sees the student on the roster and removes them.
  await teacher.reload();
  // (The roster's entry: Class progress names them too, as not practised yet.)
  await expect(teacher.getByText(/^Sam Student joined/)).toBeVisible();
  await expectNoSeriousA11yViolations(teacher);
  await teacher.getByRole("button", { name: "Remove Sam Student" }).click();
  await expect(teacher.getByText("No student has joined yet.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("link", { name: /River Chemistry/ })).toHaveCount(0);

  // The instructor who opens a join link is told that only students join, not shown a 404.
  await teacher.goto(`/join/${project.joinCode}`);
  await expect(teacher.getByRole("heading", { name: "This is a student join link" })).toBeVisible();
  await expect(
    teacher.getByText("Only students join projects. Share the join code with your students.", {
      exact: true,
    }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(teacher);
  await teacher.getByRole("link", { name: "Go to My Projects" }).click();
  await expect(teacher).toHaveURL(/\/projects$/);
});

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
