// An enrolled student practises their project's items with the keyboard only (Space reveals, A
// chooses a concept check's option, 1 to 4 grade), on their own schedule; their progress changes.
// axe and no sideways overflow on the practice page and the session at 1280 and 390 px.
import { MASTERY_MEANING } from "../src/shared/domain/mastery.ts";
import {
  createApprovedUserViaApi,
  createProjectViaApi,
  DESKTOP,
  expect,
  expectFitsDesktopAndPhone,
  expectNoSeriousA11yViolations,
  expectWithinWindowWidth,
  loginViaApi,
  PHONE,
  signInToDashboard,
  signInViaUi,
  tabTo,
  test,
} from "./fixtures.ts";

test("a student practises a project's items with the keyboard only and sees their progress change", async ({
  browser,
  request,
  superAdmin,
}) => {
  test.setTimeout(120_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    name: "Ines Instructor",
  });
  const instructorSession = await loginViaApi(request, instructor.email, instructor.password);
  const auth = { authorization: `Bearer ${instructorSession}` };
  const project = await createProjectViaApi(request, instructorSession, {
    title: "Market Garden",
    discipline: "economics",
  });
  const card = await request.post("/api/pivot-cards", {
    headers: auth,
    data: {
      title: "Opportunity cost",
      discipline: "economics",
      definition: "The value of the next best alternative given up.",
      projectId: project.id,
    },
  });
  expect(card.status()).toBe(201);
  const pivotCardId = (await card.json()).id;
  const flashcard = await request.post("/api/retrieval-items", {
    headers: auth,
    data: {
      pivotCardId,
      type: "flashcard",
      question: "What is the opportunity cost of a plot of beans?",
      answer: "The best crop the plot could have grown instead.",
    },
  });
  expect(flashcard.status()).toBe(201);
  const check = await request.post("/api/retrieval-items", {
    headers: auth,
    data: {
      pivotCardId,
      type: "concept-check",
      question: "Which one is an opportunity cost?",
      options: ["The tomatoes not planted", "The price of seeds"],
      correctIndex: 0,
    },
  });
  expect(check.status()).toBe(201);

  const student = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    name: "Pia Practice",
    role: "student",
  });
  const studentSession = await loginViaApi(request, student.email, student.password);
  const joined = await request.post("/api/student/join", {
    headers: { authorization: `Bearer ${studentSession}` },
    data: { code: project.joinCode },
  });
  expect(joined.status()).toBe(200);

  const page = await (await browser.newContext()).newPage();
  await signInViaUi(page, student.email, student.password);
  await expect(page.getByRole("heading", { name: "My Projects" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Student navigation" })
    .getByRole("link", { name: "Practice" })
    .click();
  await expect(page.getByRole("heading", { name: "Practice", level: 1 })).toBeVisible();
  await expect(page.getByTestId("tile-due-today")).toHaveText("2");
  await expect(page.getByTestId("tile-days-in-a-row")).toHaveText("0");
  await expect(page.getByTestId("tile-reviewed-today")).toHaveText("0");
  const concept = page.getByTestId("concept-mastery");
  await expect(concept).toContainText("Opportunity cost");
  await expect(concept).toContainText("0% At risk");
  await expectFitsDesktopAndPhone(page, "the progress page");

  // The session, by keyboard only: Tab to Start practice, Enter.
  await page.getByRole("button", { name: "Start practice" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Practice Session" })).toBeVisible();
  await expect(page.getByText("Item 1 of 2")).toBeVisible();
  await expectFitsDesktopAndPhone(page, "the practice session");
  for (let index = 0; index < 2; index++) {
    const question = page.getByTestId("practice-question");
    if ((await question.textContent())?.includes("Which one is an opportunity cost?")) {
      // Space first asks for an option; A chooses the first; Space reveals.
      await page.keyboard.press("Space");
      await expect(page.getByText("Choose an option first (A, B, C...).")).toBeVisible();
      await page.keyboard.press("a");
      await expect(page.getByRole("button", { name: "A. The tomatoes not planted" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expectFitsDesktopAndPhone(page, "a concept check");
      await page.keyboard.press("Space");
      await expect(page.getByTestId("practice-answer")).toContainText("Right!");
    } else {
      await page.keyboard.press("Space");
      await expect(page.getByTestId("practice-answer")).toContainText(
        "The best crop the plot could have grown",
      );
    }
    // The grade buttons show what each grade schedules.
    await expect(page.getByRole("button", { name: /Easy · \d+ d/ })).toBeVisible();
    if (index === 0) await expectFitsDesktopAndPhone(page, "a revealed answer");
    await page.keyboard.press(index === 0 ? "3" : "4");
    if (index === 0) await expect(page.getByText("Item 2 of 2")).toBeVisible();
  }
  const summary = page.getByTestId("practice-summary");
  await expect(summary).toContainText("Session complete: 2 items reviewed");
  await expectFitsDesktopAndPhone(page, "the session summary");
  await page.getByRole("button", { name: "Done" }).click();

  // The progress changed: one item (Good, due in 10 minutes) is still due today; the Easy one is not.
  await expect(page.getByTestId("tile-reviewed-today")).toHaveText("2");
  await expect(page.getByTestId("tile-days-in-a-row")).toHaveText("1");
  await expect(page.getByTestId("tile-due-today")).toHaveText("1");
  await expect(concept).not.toContainText("0% At risk");
  // Mastery is recall 30 days after the last review, not recall now: one Good review (stability
  // 2.31 days: 67 %) and one Easy review (8.30 days: 79 %) of new items make 73 %, developing.
  await expect(concept).toContainText("73% Developing");

  // What mastery means, in a tooltip reached with the keyboard; axe with it open at both widths.
  const info = page.getByRole("button", { name: "What mastery means" });
  await tabTo(page, info);
  await expect(page.getByRole("tooltip")).toHaveText(MASTERY_MEANING);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expect(page.getByTestId("mastery-meaning")).toBeVisible();
    await expectWithinWindowWidth(page, page.getByTestId("mastery-meaning"));
    await expectNoSeriousA11yViolations(page);
  }
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("mastery-meaning")).toHaveCount(0);
  await page.setViewportSize(DESKTOP);

  // Started again now, nothing is due for this student (the Good one is due in 10 minutes).
  await page.getByRole("button", { name: "Start practice" }).click();
  await expect(
    page.getByText("Nothing is due. Come back tomorrow, or join a project to practise its concepts."),
  ).toBeVisible();
  await expectFitsDesktopAndPhone(page, "the page with nothing due");
  await page.getByRole("button", { name: "Done" }).click();

  // From the project's page, Practise opens the practice of that project.
  await page.goto(`/student/projects/${project.id}`);
  await page.getByRole("link", { name: "Practise this project's concepts" }).click();
  await expect(page).toHaveURL(new RegExp(`/student/practice\\?projectId=${project.id}$`));
  await expect(page.getByText("Retrieval practice of Market Garden's concepts")).toBeVisible();

  // The instructor's own schedule of the items is untouched: both still new for them.
  const due = await request.get("/api/retrieval-items/due?tz=UTC", { headers: auth });
  expect((await due.json()).total).toBe(2);

  // The instructor sees the class's mastery change with this student's practice (one student, the
  // same 73 %: nobody below 60 %, nobody inactive).
  const teacher = await (await browser.newContext()).newPage();
  await signInToDashboard(teacher, instructor);
  await teacher.goto(`/projects/${project.id}`);
  const progress = teacher.getByRole("heading", { name: "Class progress" }).locator("xpath=../..");
  await expect(progress.getByText("1 student joined")).toBeVisible();
  await expect(progress.getByTestId("class-mastery-percent")).toHaveText("Class mastery 73% (developing)");
  await expect(progress.getByTestId("class-share-below")).toHaveText("0% of students below 60 % (0 of 1)");
  await expect(progress.getByText("Every student practised in the last week.")).toBeVisible();
  await expectNoSeriousA11yViolations(teacher);
});
