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
  test,
} from "./fixtures.ts";

// Six students answered the team survey (prior knowledge, to be grouped alike); the instructor
// forms teams of three by the answers, sees like grouped with like, moves a student and back by
// keyboard, locks and renames a team, publishes; a student reads their team on a phone and hands
// in a team milestone's work, which the instructor's review lists by team.
test("an instructor forms teams from the survey, edits and publishes them, and a student sees theirs", async ({
  browser,
  request,
  superAdmin,
}) => {
  test.setTimeout(120_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, { name: "Tara Teams" });
  const session = await loginViaApi(request, instructor.email, instructor.password);
  const auth = { headers: bearer(session) };
  const project = await createProjectViaApi(request, session, {
    title: "Bridge Design",
    discipline: "physics",
  });
  await expectOk(
    request.post(`/api/projects/${project.id}/team-survey`, {
      ...auth,
      data: {
        criteria: [{ title: "Prior knowledge of statics", kind: "scale", mode: "similar", weight: 5 }],
        availability: false,
      },
    }),
  );
  const students = [];
  for (const [index, name] of ["Ana", "Ben", "Cal", "Dee", "Eli", "Fay"].entries()) {
    const student = await joinedStudentViaApi(request, superAdmin.sessionId, project.joinCode, { name });
    // Ana, Cal and Eli know statics well; Ben, Dee and Fay hardly.
    await expectOk(
      request.put(`/api/student/projects/${project.id}/team-survey`, {
        headers: bearer(student.sessionId),
        data: { answers: { q1: index % 2 === 0 ? 5 : 1 } },
      }),
    );
    students.push(student);
  }

  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInToDashboard(page, instructor);
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByText("6 of 6 students answered")).toBeVisible();
  await page.getByRole("link", { name: "Form teams" }).click();
  await expect(page.locator("#main-content").getByRole("heading", { name: "Teams", level: 1 })).toBeVisible();
  await expect(page.getByText("Nobody is in a team yet")).toBeVisible();
  await page.getByLabel("Team size").fill("3");
  await page.getByLabel(/By the team survey's answers/).check();
  await page.getByRole("button", { name: "Form teams" }).click();
  await expect(page.getByRole("heading", { name: "2 teams" })).toBeVisible();
  const team = (name: string) => page.getByRole("list", { name: `Members of ${name}` });
  const membersOf = async (name: string) =>
    (await team(name).getByRole("listitem").allInnerTexts()).map((text) => text.split("\n")[0]).sort();
  const grouped = [await membersOf("Team 1"), await membersOf("Team 2")].sort();
  expect(grouped).toEqual([
    ["Ana", "Cal", "Eli"],
    ["Ben", "Dee", "Fay"],
  ]);
  await expect(page.getByText("Lowest team score 100%, mean 100%", { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Move Ana out of her team by keyboard: the score says what it costs; then back.
  const anaTeam = (await membersOf("Team 1")).includes("Ana") ? "Team 1" : "Team 2";
  const otherTeam = anaTeam === "Team 1" ? "Team 2" : "Team 1";
  const moveAna = page.getByLabel("Move Ana to");
  await moveAna.focus();
  await moveAna.selectOption({ label: otherTeam });
  await expect(team(otherTeam)).toContainText("Ana");
  await expect(page.getByRole("list", { name: `What lowered ${otherTeam}'s score` })).toContainText(
    "Prior knowledge of statics",
  );
  await page.getByLabel("Move Ana to").selectOption({ label: anaTeam });
  await expect(team(anaTeam)).toContainText("Ana");

  // Rename and lock Ana's team; its members can no longer be moved.
  await page.getByRole("button", { name: `Rename ${anaTeam}` }).click();
  const rename = page.getByRole("dialog", { name: `Rename ${anaTeam}` });
  await rename.getByLabel("Team name").fill("Statics Stars");
  await expectNoSeriousA11yViolations(page);
  await rename.getByLabel("Team name").press("Enter");
  await expect(rename).toHaveCount(0);
  await page.getByRole("button", { name: "Lock Statics Stars" }).click();
  await expect(page.getByRole("button", { name: "Lock Statics Stars" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByLabel("Move Ana to")).toBeDisabled();

  await page.getByRole("button", { name: "Publish teams" }).click();
  await expect(page.getByText(/^Published /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Form teams" })).toBeDisabled();

  // Ana reads her team on a phone.
  const ana = students[0];
  if (!ana) throw new Error("Ana expected");
  const phone = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInViaUi(phone, ana.email, ana.password);
  await phone.getByRole("link", { name: "Bridge Design" }).first().click();
  const yours = phone.getByRole("list", { name: "Members of Statics Stars" });
  await expect(yours).toContainText("Ana (you)");
  await expect(yours.getByRole("listitem")).toHaveCount(3);
  await expectNoSeriousA11yViolations(phone);
  await expectNoSidewaysScroll(phone, "the student's project page with their team");

  // A team milestone: Ana hands in for her team; the instructor's review lists it by team.
  const milestone = await request.post(`/api/projects/${project.id}/milestones`, {
    ...auth,
    data: {
      title: "Truss model",
      stage: "launch",
      dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      teamSubmission: true,
    },
  });
  expect(milestone.status(), await milestone.text()).toBe(201);
  const milestoneId = (await milestone.json()).id as number;
  await phone.reload();
  await phone
    .getByRole("link", { name: /Truss model/ })
    .first()
    .click();
  await expect(phone.getByText("Team submission for")).toContainText("Statics Stars");
  await phone.getByLabel("Your work", { exact: true }).fill("Our truss holds 40 kg.");
  await phone.getByRole("button", { name: "Hand in", exact: true }).click();
  await expect(phone.getByText("Handed in by Ana")).toBeVisible();
  await expectNoSeriousA11yViolations(phone);

  await page.goto(`/projects/${project.id}/milestones/${milestoneId}`);
  const row = page.getByRole("row", { name: /Statics Stars/ });
  await expect(row).toContainText("Ana, Cal, Eli");
  await expect(page.getByRole("row", { name: /Team 2/ })).toContainText("Not handed in");
  await row.getByRole("link", { name: "Statics Stars" }).click();
  await expect(page.getByText("Our truss holds 40 kg.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The instructor's pages at 390 px.
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page, "the team milestone's review page");
  await page.goto(`/projects/${project.id}/teams`);
  await expectNoSidewaysScroll(page, "the teams page");
});
