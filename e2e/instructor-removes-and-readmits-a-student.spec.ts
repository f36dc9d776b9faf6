import {
  bearer,
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

const REMOVED_MESSAGE = "Your instructor removed you from this project. Ask them to re-admit you.";

// The instructor removes a student from the roster: the student cannot put themselves back with
// the join code (a new one included) and is told why; the roster lists them under Removed
// Students with Re-admit, which makes them a member again.
test("a removed student stays out until the instructor re-admits them from the roster", async ({
  browser,
  request,
  superAdmin,
}) => {
  test.setTimeout(120_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    name: "Rhea Instructor",
  });
  const instructorSession = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, instructorSession, {
    title: "Estuary Sampling",
    discipline: "biochemistry",
  });
  const student = await joinedStudentViaApi(request, superAdmin.sessionId, project.joinCode, {
    name: "Rory Removed",
  });
  await joinedStudentViaApi(request, superAdmin.sessionId, project.joinCode, { name: "Stella Stays" });

  const teacher = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInToDashboard(teacher, instructor);
  await teacher.goto(`/projects/${project.id}`);
  const roster = teacher.getByRole("region", { name: /^Roster/ });
  await expect(roster.getByText("Rory Removed")).toBeVisible();

  // Removed by keyboard: focus the button and press Enter.
  const remove = teacher.getByRole("button", { name: "Remove Rory Removed" });
  await tabTo(teacher, remove, 80);
  await teacher.keyboard.press("Enter");
  const removedSection = teacher.getByRole("region", { name: /^Removed Students/ });
  await expect(removedSection.getByText("Rory Removed")).toBeVisible();
  await expect(roster.getByText("Rory Removed")).toHaveCount(0);
  await expect(roster.getByText("Stella Stays")).toBeVisible();

  // The student posts the code again, then the new code: refused with the reason.
  const again = await request.post("/api/student/join", {
    headers: bearer(student.sessionId),
    data: { code: project.joinCode },
  });
  expect(again.status()).toBe(403);
  expect((await again.json()).message).toBe(REMOVED_MESSAGE);
  const fresh = await request.post(`/api/projects/${project.id}/join-code`, {
    headers: bearer(instructorSession),
  });
  const newCode = ((await fresh.json()) as { joinCode: string }).joinCode;

  // On the student's screen, the join form says so.
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInViaUi(page, student.email, student.password);
  await expect(page).toHaveURL(/\/student$/);
  await page.getByLabel("Join code").fill(newCode);
  await page.getByRole("button", { name: "Join" }).click();
  await expect(page.getByText(REMOVED_MESSAGE)).toBeVisible();
  await expect(page.getByRole("link", { name: /Estuary Sampling/ })).toHaveCount(0);

  // The roster screen at both widths, with the removed list, checked by axe.
  await teacher.reload();
  for (const viewport of [DESKTOP, PHONE]) {
    await teacher.setViewportSize(viewport);
    await expect(removedSection.getByRole("button", { name: "Re-admit Rory Removed" })).toBeVisible();
    await removedSection.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(teacher);
    await expectNoSeriousA11yViolations(teacher);
  }

  // Re-admitted by keyboard: back on the roster, and the project is the student's again.
  await teacher.setViewportSize(DESKTOP);
  const readmit = removedSection.getByRole("button", { name: "Re-admit Rory Removed" });
  await readmit.focus();
  await teacher.keyboard.press("Enter");
  await expect(roster.getByText("Rory Removed")).toBeVisible();
  await expect(removedSection).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("link", { name: /Estuary Sampling/ })).toBeVisible();
});
