import {
  bearer,
  createApprovedUserViaApi,
  createProjectViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  expectOk,
  joinedStudentViaApi,
  loginViaApi,
  PHONE,
  signInToDashboard,
  signInViaUi,
  tabTo,
  test,
} from "./fixtures.ts";

// The instructor plans the project's milestones from the suggestions: edits one, saves them all,
// reads the timeline with Today between the past and the future, deletes one; an enrolled student
// reads the same timeline on their project page.
test("an instructor plans milestones from suggestions and a student reads the timeline", async ({
  browser,
  request,
  superAdmin,
}) => {
  test.setTimeout(150_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, { name: "Mila Planner" });
  const session = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, session, {
    title: "River Chemistry",
    discipline: "chemistry",
    methodology: {
      pivotConcepts: "Calibration curves; detection limits",
      launchApplications: "River sampling\nDrinking water report",
      timeline: "10 weeks",
    },
  });
  // A milestone already past: the timeline shows Today after it.
  await expectOk(
    request.post(`/api/projects/${project.id}/milestones`, {
      headers: bearer(session),
      data: {
        title: "Kick-off survey",
        stage: "pivot",
        dueAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      },
    }),
  );

  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInToDashboard(page, instructor);
  await page.goto(`/projects/${project.id}`);
  const timeline = page.getByRole("list", { name: "Milestones in due order" });
  await expect(timeline.getByRole("heading", { name: "Kick-off survey" })).toBeVisible();

  // Suggest, change the first title, save all.
  await page.getByRole("button", { name: "Suggest Milestones" }).click();
  const dialog = page.getByRole("dialog", { name: "Suggested Milestones" });
  await expect(dialog.getByLabel("Title").first()).toHaveValue("Pivot checkpoint: core concepts");
  await expect(dialog.getByLabel("Title")).toHaveCount(4);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel("Title").first().fill("Concepts checkpoint");
  await dialog.getByRole("button", { name: "Save All Milestones" }).click();
  await expect(dialog).toHaveCount(0);

  const items = timeline.getByTestId("milestone-item");
  await expect(items).toHaveCount(5);
  await expect(items.nth(1)).toContainText("Concepts checkpoint");
  await expect(items.nth(2)).toContainText("Launch phase 1: River sampling");
  await expect(items.nth(4)).toContainText("Final presentation");
  // Today sits between the past milestone and the suggested ones.
  const today = timeline.getByTestId("today-marker");
  await expect(today).toContainText("Today");
  const order = await timeline
    .locator(":scope > li")
    .evaluateAll((nodes) =>
      nodes.map((node) => (node.getAttribute("data-testid") === "today-marker" ? "today" : "item")),
    );
  expect(order).toEqual(["item", "today", "item", "item", "item", "item"]);
  await expect(items.nth(0)).toContainText("Outside the project's timeline");
  await expect(items.nth(1).getByRole("link", { name: /Submissions/ })).toHaveAttribute(
    "href",
    new RegExp(`/projects/${project.id}/milestones/\\d+$`),
  );

  // Edit one in its dialog, by keyboard.
  await page.getByRole("button", { name: "Edit Launch phase 2: Drinking water report" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Milestone" });
  await edit.getByLabel("Title").fill("Public water report");
  // Its rubric made from its deliverables in one step, and chosen.
  await edit.getByRole("button", { name: "Create a rubric from the deliverables" }).focus();
  await page.keyboard.press("Enter");
  await expect(edit.getByRole("status")).toContainText('"Public water report rubric" created and chosen');
  await expect(edit.getByLabel("Rubric")).toHaveValue(/^\d+$/);
  await expect(edit.getByLabel("Rubric").locator("option:checked")).toHaveText("Public water report rubric");
  await expectNoSeriousA11yViolations(page);
  await edit.getByLabel("Title").press("Enter");
  await expect(edit).toHaveCount(0);
  await expect(items.nth(3)).toContainText("Public water report");

  // Delete the past one, confirmed.
  await page.getByRole("button", { name: "Delete Kick-off survey" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete Milestone" }).click();
  await expect(items).toHaveCount(4);
  await expect(timeline.getByRole("heading", { name: "Kick-off survey" })).toHaveCount(0);

  // By keyboard: Add opens the dialog on the title; a missing due date is named.
  await page.getByRole("button", { name: "Add Milestone" }).focus();
  await page.keyboard.press("Enter");
  const add = page.getByRole("dialog", { name: "Add Milestone" });
  await expect(add.getByLabel("Title")).toBeFocused();
  await page.keyboard.type("Lab safety quiz");
  await page.keyboard.press("Enter");
  await expect(add.getByText(/Due date must be a date and time/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(add).toHaveCount(0);
  await expect(items).toHaveCount(4);

  // Calendar address.
  await page.getByRole("button", { name: "Show Calendar Address" }).click();
  await expect(page.getByRole("textbox", { name: "Calendar address" })).toHaveValue(
    /\/api\/calendar\/[\w-]+\.ics$/,
  );

  // The project's design, reviewed by keyboard with the Gold Standard: two elements scored, saved,
  // the result on the card.
  await page.getByRole("button", { name: "Review the design" }).focus();
  await page.keyboard.press("Enter");
  const review = page.getByRole("dialog", { name: "Review the project design" });
  await expect(review.getByRole("group")).toHaveCount(7);
  await expectNoSeriousA11yViolations(page);
  // Tab reaches an element's first level, Space chooses it, the arrow keys move along its levels.
  await tabTo(
    page,
    review
      .getByRole("group", { name: /Challenging problem/ })
      .getByRole("radio")
      .first(),
  );
  await page.keyboard.press("Space");
  await tabTo(
    page,
    review
      .getByRole("group", { name: /Public product/ })
      .getByRole("radio")
      .first(),
  );
  await page.keyboard.press("Space");
  for (let step = 0; step < 3; step += 1) await page.keyboard.press("ArrowDown");
  await expect(review.getByRole("radio", { name: /Lacks the feature/ }).last()).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(review.getByLabel("Comment on Public product")).toBeFocused();
  await page.keyboard.type("No audience beyond the class yet.");
  await expect(review.getByText("Score: 14.3 / 100 (3 of 21 points, 5 not scored)")).toBeVisible();
  await tabTo(page, review.getByRole("button", { name: "Save Review" }));
  await page.keyboard.press("Enter");
  await expect(review).toHaveCount(0);
  const designResult = page.getByTestId("design-review-result");
  await expect(designResult).toContainText("Score 14.3 / 100");
  await expect(designResult).toContainText("Weakest: Public product (Lacks the feature).");

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await timeline.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  }

  // The student's project page: the same timeline, read only, with Due next.
  const student = await joinedStudentViaApi(request, superAdmin.sessionId, project.joinCode, {
    name: "Sami Student",
  });
  // One due within the fortnight, for the student's "Due soon".
  await expectOk(
    request.post(`/api/projects/${project.id}/milestones`, {
      headers: bearer(session),
      data: {
        title: "Reading quiz",
        stage: "pivot",
        dueAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      },
    }),
  );
  const studentPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInViaUi(studentPage, student.email, student.password);
  await expect(studentPage.getByRole("heading", { name: "Due Soon" })).toBeVisible();
  await expect(studentPage.getByRole("link", { name: "Reading quiz" })).toBeVisible();
  await expectNoSeriousA11yViolations(studentPage);
  await studentPage.goto(`/student/projects/${project.id}`);
  const studentTimeline = studentPage.getByRole("list", { name: "Milestones in due order" });
  await expect(studentTimeline.getByTestId("milestone-item")).toHaveCount(5);
  await expect(studentTimeline.getByTestId("milestone-item").first()).toContainText("Reading quiz");
  await expect(studentTimeline.getByTestId("milestone-item").first()).toContainText("Due next");
  await expect(studentTimeline.getByTestId("milestone-item").first()).toContainText("Not submitted");
  await expect(studentTimeline.getByRole("button", { name: /Edit|Delete/ })).toHaveCount(0);
  for (const viewport of [DESKTOP, PHONE]) {
    await studentPage.setViewportSize(viewport);
    await studentTimeline.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(studentPage);
    await expectNoSeriousA11yViolations(studentPage);
  }
});
