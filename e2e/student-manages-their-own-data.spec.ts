// A signed-in student contributes and checks in from the project page with the keyboard only; the
// instructor sees the contribution on Student Collaboration; the student reads their check-ins back,
// downloads their data, leaves a project and deletes their account (signing in then fails).
// axe-core on every new screen at 1280 and 390 px.
import fs from "node:fs";
import {
  answerCheckInByKeyboard,
  bearer,
  createApprovedUserViaApi,
  createProjectViaApi,
  DESKTOP,
  expect,
  expectFitsDesktopAndPhone,
  expectNoSeriousA11yViolations,
  loginViaApi,
  PHONE,
  signInToDashboard,
  signInViaUi,
  test,
} from "./fixtures.ts";

test("a student contributes and checks in by keyboard, downloads their data, leaves a project and deletes their account", async ({
  browser,
  request,
  superAdmin,
}) => {
  test.setTimeout(180_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    name: "Ines Instructor",
  });
  const instructorSession = await loginViaApi(request, instructor.email, instructor.password);
  const river = await createProjectViaApi(request, instructorSession, {
    title: "River Chemistry",
    discipline: "chemistry",
    methodology: { pivotConcepts: "Calibration curves" },
  });
  const soil = await createProjectViaApi(request, instructorSession, {
    title: "Soil Survey",
    discipline: "chemistry",
  });
  const student = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    name: "Rosa Student",
    role: "student",
  });
  const studentSession = await loginViaApi(request, student.email, student.password);
  for (const project of [river, soil]) {
    const joined = await request.post("/api/student/join", {
      headers: bearer(studentSession),
      data: { code: project.joinCode },
    });
    expect(joined.status()).toBe(200);
  }

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaUi(page, student.email, student.password);
  const nav = page.getByRole("navigation", { name: "Student navigation" });
  await expect(nav.getByRole("link", { name: "Check-ins" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Profile" })).toBeVisible();
  await page.getByRole("link", { name: /River Chemistry/ }).click();
  await expect(page.getByRole("heading", { name: "River Chemistry", level: 1 })).toBeVisible();
  await expect(page.getByText("You have not contributed to this project yet.")).toBeVisible();

  // Contribute, keyboard only: the type select, the text, Send.
  await page.getByRole("tab", { name: "Contribute" }).focus();
  await page.keyboard.press("Tab"); // the panel
  await page.keyboard.press("Tab"); // the type select
  await expect(page.getByLabel("Type", { exact: true })).toBeFocused();
  await page.keyboard.press("ArrowDown"); // suggestion -> reflection
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("reflection");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Your Contribution")).toBeFocused();
  await page.keyboard.type("short");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send Contribution" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Contribution must be at least 10 characters")).toBeVisible();
  await page.getByLabel("Your Contribution").focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("Plotting the calibration curve made the detection limit click for me.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Thank you! Your contribution was sent to your instructor.")).toBeVisible();
  const own = page.getByRole("list", { name: "Your Contributions" });
  await expect(
    own.getByText("Plotting the calibration curve made the detection limit click for me."),
  ).toBeVisible();
  await expect(own.getByText("Pending Review")).toBeVisible();
  await expect(own.getByText("Reflection")).toBeVisible();

  // Check in, keyboard only: the second tab, every scale, the numbers and a remark.
  await page.getByRole("tab", { name: "Contribute" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Check in" })).toHaveAttribute("data-state", "active");
  await expect(page.getByRole("group", { name: "How much mental effort did this task take?" })).toBeVisible();
  await page.keyboard.press("Tab"); // the panel
  await page.keyboard.press("Tab"); // the context select
  await expect(page.getByLabel("Which part of the course was this task?")).toBeFocused();
  await page.keyboard.press("ArrowDown"); // pivot -> launch
  await answerCheckInByKeyboard(page, {
    mentalEffort: 6,
    items: [5, 5, 5, 2, 2, 2, 8, 8, 8, 8],
    technostress: 2,
    interruptions: "1",
    taskMinutes: "45",
    refocusMinutes: "1",
    remark: "Sampling by the bridge was fun.",
  });
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send Check-in" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Thank you! Your check-in was recorded.")).toBeVisible();
  await expectFitsDesktopAndPhone(page, "the project's check-in");
  await page.getByRole("tab", { name: "Contribute" }).click();
  await expectFitsDesktopAndPhone(page, "the project as a student sees it");

  // Check-ins: their own, as they answered it.
  await nav.getByRole("link", { name: "Check-ins" }).click();
  await expect(page.getByRole("heading", { name: "My Check-ins", level: 1 })).toBeVisible();
  const checkIns = page.getByRole("list", { name: "Your check-ins" });
  await expect(checkIns.getByRole("heading", { name: "River Chemistry" })).toBeVisible();
  await expect(checkIns.getByText("Launch ·")).toBeVisible();
  await expect(checkIns.getByText("1 in 45 min")).toBeVisible();
  await expect(checkIns.getByText("“Sampling by the bridge was fun.”")).toBeVisible();
  await expectFitsDesktopAndPhone(page, "the student's check-ins");

  // The instructor sees the contribution, with the student's name, on Student Collaboration.
  const teacher = await (await browser.newContext()).newPage();
  await signInToDashboard(teacher, instructor);
  await teacher.goto("/collaboration");
  await expect(
    teacher.getByText("Plotting the calibration curve made the detection limit click for me."),
  ).toBeVisible();
  await expect(teacher.getByText("Rosa Student").first()).toBeVisible();

  // Profile: the account, Download My Data (the JSON holds what she entered).
  await nav.getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  await expect(page.getByText(student.email)).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download My Data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pivot-and-launch-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await download.path(), "utf8"));
  expect(data.account).toMatchObject({ name: "Rosa Student", email: student.email });
  expect(data.projects.map((project: { title: string }) => project.title).sort()).toEqual([
    "River Chemistry",
    "Soil Survey",
  ]);
  expect(data.contributions).toEqual([
    expect.objectContaining({
      projectTitle: "River Chemistry",
      contributionType: "reflection",
      content: "Plotting the calibration curve made the detection limit click for me.",
      status: "pending",
    }),
  ]);
  expect(data.checkIns).toEqual([
    expect.objectContaining({
      projectTitle: "River Chemistry",
      context: "launch",
      mentalEffort: 6,
      remark: "Sampling by the bridge was fun.",
    }),
  ]);
  await expect(page.getByText(/is downloading\.$/)).toBeVisible();
  await expectFitsDesktopAndPhone(page, "the student's profile");

  // Leave Soil Survey through its confirmation dialog.
  await nav.getByRole("link", { name: "My Projects" }).click();
  await page.getByRole("link", { name: /Soil Survey/ }).click();
  await page.getByRole("button", { name: "Leave Project" }).click();
  const leaveDialog = page.getByRole("dialog", { name: "Leave Soil Survey?" });
  await expect(leaveDialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await leaveDialog.getByRole("button", { name: "Stay" }).click();
  await expect(leaveDialog).toHaveCount(0);
  await page.getByRole("button", { name: "Leave Project" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Leave Project" }).click();
  await expect(page).toHaveURL(/\/student$/);
  await expect(
    page.getByText("You left the project. Your practice in it was removed.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /Soil Survey/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /River Chemistry/ })).toBeVisible();
  const roster = await request.get(`/api/projects/${soil.id}/roster`, { headers: bearer(instructorSession) });
  expect(await roster.json()).toEqual([]);

  // Delete the account: a wrong password is refused, the right one deletes and signs out.
  await nav.getByRole("link", { name: "Profile" }).click();
  await page.getByRole("button", { name: "Delete My Account" }).click();
  const deleteDialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(deleteDialog.getByText(/shown as "Former student"/)).toBeVisible();
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(DESKTOP);
  await deleteDialog.getByLabel("Password").fill("not the password");
  await deleteDialog.getByRole("button", { name: "Delete My Account" }).click();
  await expect(deleteDialog.getByText("The password is incorrect.")).toBeVisible();
  await deleteDialog.getByLabel("Password").fill(student.password);
  await deleteDialog.getByRole("button", { name: "Delete My Account" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText("Your account was deleted.", { exact: true })).toBeVisible();

  // Signing in fails; the instructor still has the contribution, from "Former student".
  await signInViaUi(page, student.email, student.password);
  await expect(page.getByText(/Invalid email or password/i)).toBeVisible();
  await teacher.reload();
  await expect(
    teacher.getByText("Plotting the calibration curve made the detection limit click for me."),
  ).toBeVisible();
  await expect(teacher.getByText("Former student").first()).toBeVisible();
  await expect(teacher.getByText("Rosa Student")).toHaveCount(0);
  await context.close();
});
