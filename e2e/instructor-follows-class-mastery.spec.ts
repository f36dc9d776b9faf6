// An instructor sees their class. Two students join a project with a pivot card and its items; nobody
// has practised yet, so the project screen's Class progress shows 0 % (at risk), 100 % of students
// below 60 % and both students as not practised; Pivot Assets' Mastery Analytics shows the same under
// Your classes; removing a student drops them from the figures; what mastery means is a tooltip
// reached with the keyboard. axe-core at 1280 and 390 px, no sideways scrolling at 390 px.
import { MASTERY_MEANING } from "../src/shared/domain/mastery.ts";
import {
  bearer,
  createApprovedUserViaApi,
  createProjectViaApi,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  expectWithinWindowWidth,
  joinedStudentViaApi,
  loginViaApi,
  PHONE,
  signInToDashboard,
  TALL_DESKTOP,
  tabTo,
  test,
} from "./fixtures.ts";

test("the instructor sees the class's mastery, share below 60 %, adherence and inactive students", async ({
  page,
  request,
  superAdmin,
}) => {
  test.setTimeout(150_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    name: "Iris Instructor",
  });
  const session = await loginViaApi(request, instructor.email, instructor.password);
  const headers = bearer(session);
  const project = await createProjectViaApi(request, session, {
    title: "River Chemistry",
    discipline: "chemistry",
    methodology: { pivotConcepts: "Calibration curves" },
  });
  const empty = await createProjectViaApi(request, session, {
    title: "Quiet Project",
    discipline: "chemistry",
  });
  const created = await request.post("/api/pivot-cards", {
    headers,
    data: {
      title: "Calibration",
      discipline: "chemistry",
      definition: "Relating a signal to an amount.",
      projectId: project.id,
    },
  });
  expect(created.status()).toBe(201);
  const card = (await created.json()) as { id: number };
  for (const question of ["What does a calibration curve relate?", "Why use several standards?"]) {
    const item = await request.post("/api/retrieval-items", {
      headers,
      data: { pivotCardId: card.id, type: "flashcard", question, answer: "A signal to an amount." },
    });
    expect(item.status()).toBe(201);
  }
  await joinedStudentViaApi(request, superAdmin.sessionId, project.joinCode, { name: "Sam Student" });
  await joinedStudentViaApi(request, superAdmin.sessionId, project.joinCode, { name: "Kim Learner" });

  // The project screen: Class progress beside the roster.
  await page.setViewportSize(TALL_DESKTOP);
  await signInToDashboard(page, instructor);
  await page.goto(`/projects/${project.id}`);
  const progress = page.getByRole("heading", { name: "Class progress" }).locator("xpath=../..");
  await expect(progress.getByText("2 students joined")).toBeVisible();
  const concept = progress.getByTestId("class-concept");
  await expect(concept).toHaveCount(1);
  await expect(concept).toContainText("Calibration (2 items)");
  await expect(concept.getByTestId("class-mastery-percent")).toHaveText("Class mastery 0% (at risk)");
  await expect(concept.getByTestId("class-share-below")).toHaveText("100% of students below 60 % (2 of 2)");
  await expect(progress.getByTestId("class-adherence")).toHaveText(
    "No data yet: No reviews fell due in the last 30 days",
  );
  await expect(progress.getByRole("heading", { name: "Not practised in 7 days (2)" })).toBeVisible();
  // Never practised first, then by name.
  await expect(progress.getByTestId("class-inactive").getByRole("listitem")).toHaveText([
    /Kim Learner has not practised yet/,
    /Sam Student has not practised yet/,
  ]);
  await expectNoSeriousA11yViolations(page);

  // What mastery means, in a tooltip reached with the keyboard; axe with it open at both widths.
  const info = progress.getByRole("button", { name: "What mastery means" });
  await tabTo(page, info, 80);
  await expect(page.getByRole("tooltip")).toHaveText(MASTERY_MEANING);
  for (const size of [TALL_DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expect(page.getByTestId("mastery-meaning")).toBeVisible();
    await expectWithinWindowWidth(page, page.getByTestId("mastery-meaning"));
    await expectNoSeriousA11yViolations(page);
  }
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("mastery-meaning")).toHaveCount(0);
  await page.setViewportSize(TALL_DESKTOP);

  await page.setViewportSize(PHONE);
  await expect(progress.getByTestId("class-concept")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // A project nobody joined says so.
  await page.setViewportSize(TALL_DESKTOP);
  await page.goto(`/projects/${empty.id}`);
  await expect(page.getByText("Nobody has joined this class yet. Share the join code")).toBeVisible();

  // Pivot Assets' Mastery Analytics: Your classes, the same figures for the project with students.
  await page.goto("/pivot-assets");
  await page.getByRole("tab", { name: "Mastery Analytics" }).click();
  const classes = page.getByRole("heading", { name: "Your classes" }).locator("xpath=../..");
  await expect(classes.getByRole("link", { name: "River Chemistry" })).toBeVisible();
  await expect(classes.getByRole("link", { name: "Quiet Project" })).toHaveCount(0);
  await expect(classes.getByTestId("class-mastery-percent")).toHaveText("Class mastery 0% (at risk)");
  await expect(classes.getByTestId("class-share-below")).toHaveText("100% of students below 60 % (2 of 2)");
  await expect(classes.getByTestId("class-inactive").getByRole("listitem")).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await expect(classes.getByTestId("class-concept")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // Removing a student from the roster drops them out of the figures.
  await page.setViewportSize(TALL_DESKTOP);
  await page.goto(`/projects/${project.id}`);
  await page.getByRole("button", { name: "Remove Kim Learner" }).click();
  await expect(progress.getByText("1 student joined")).toBeVisible();
  await expect(progress.getByTestId("class-share-below")).toHaveText("100% of students below 60 % (1 of 1)");
  await expect(progress.getByTestId("class-inactive").getByRole("listitem")).toHaveText([
    /Sam Student has not practised yet/,
  ]);
});
