import {
  createApprovedUserViaApi,
  createProjectViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  joinedStudentViaApi,
  loginViaApi,
  PHONE,
  signInToDashboard,
  signInViaUi,
  tabTo,
  test,
} from "./fixtures.ts";

// The instructor sets up the team survey by keyboard from the suggested questions (one removed,
// one added); a student answers it on a phone (a role, some free blocks); the instructor sees that
// one of one student answered.
test("an instructor runs a team survey that a student answers on a phone", async ({
  browser,
  request,
  superAdmin,
}) => {
  test.setTimeout(60_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, { name: "Tara Teams" });
  const session = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, session, {
    title: "Urban Heat Islands",
    discipline: "environmental-science",
  });
  const student = await joinedStudentViaApi(request, superAdmin.sessionId, project.joinCode, {
    name: "Noor Student",
  });

  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInToDashboard(page, instructor);
  await page.goto(`/projects/${project.id}`);
  const card = page.getByRole("region", { name: "Team survey" });
  await expect(card.getByText(/so that teams can be formed from their answers/)).toBeVisible();
  await card.getByRole("button", { name: "Set up the team survey" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Set up the team survey" });
  await expect(dialog.getByRole("group", { name: /^Question \d$/ })).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);

  // The skills question goes; the focus lands on Add, which adds a question and focuses its title.
  await tabTo(page, dialog.getByRole("button", { name: "Remove question 3: Skills" }));
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("group", { name: /^Question \d$/ })).toHaveCount(2);
  await expect(dialog.getByRole("button", { name: "Add a question" })).toBeFocused();
  await page.keyboard.press("Enter");
  const added = dialog.getByRole("group", { name: "Question 3" });
  await expect(added.getByLabel("Question", { exact: true })).toBeFocused();
  await page.keyboard.type("Time zone");
  await page.keyboard.press("Tab"); // answered by: one choice
  await page.keyboard.press("Tab"); // weight: 1
  await page.keyboard.press("Tab");
  await expect(added.getByLabel("Options (one a line)")).toBeFocused();
  await page.keyboard.type("Europe\nAmericas");
  await page.keyboard.press("Tab");
  await expect(added.getByRole("radio", { name: "Group diverse answers" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(added.getByRole("radio", { name: "Group similar answers" })).toBeChecked();
  await tabTo(page, dialog.getByRole("button", { name: "Switch the survey on" }));
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);

  const questions = card.getByRole("list", { name: "Survey questions" });
  await expect(questions.getByRole("listitem")).toHaveText([
    /^Prior knowledge of the pivot concepts \(scale 1 to 5; similar/,
    /^Preferred role \(one of Leader, Researcher, Builder, Presenter, Organiser; diverse/,
    /^Time zone \(one of Europe, Americas; similar answers grouped, weight 1\)$/,
  ]);
  await expect(card.getByText("0 of 1 students answered")).toBeVisible();
  await expect(card.getByText("Still to answer: Noor Student.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The student answers on a phone: a level, a role, three free blocks.
  const studentPage = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInViaUi(studentPage, student.email, student.password);
  await expect(studentPage).toHaveURL(/\/student/);
  await studentPage.goto(`/student/projects/${project.id}`);
  const form = studentPage.getByRole("region", { name: "Team survey" });
  await expect(form.getByText(/Answer what you can/)).toBeVisible();
  await form
    .getByRole("group", { name: "Prior knowledge of the pivot concepts" })
    .getByRole("radio", { name: "3" })
    .check();
  await form.getByRole("radio", { name: "Researcher" }).check();
  await form.getByRole("radio", { name: "Europe" }).check();
  const week = form.getByRole("table", { name: "When are you usually free to meet your team?" });
  for (const block of ["Monday evening", "Tuesday afternoon", "Saturday morning"]) {
    await week.getByRole("checkbox", { name: block }).check();
  }
  await expectNoSidewaysScroll(studentPage);
  await expectNoSeriousA11yViolations(studentPage);
  await form.getByRole("button", { name: "Save answers" }).click();
  await expect(form.getByRole("status")).toHaveText("Answers saved");
  await expect(
    form.getByText(/You answered on .+; you can change your answers until teams are formed\./),
  ).toBeVisible();

  await page.reload();
  await expect(card.getByText("1 of 1 students answered")).toBeVisible();
  await expect(card.getByText(/Still to answer/)).toHaveCount(0);
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
