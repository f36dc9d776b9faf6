// Notifications: a signed-in student sends a contribution, the instructor reviews it, and the
// student's bell says so (the count in its name, then read), on a phone; the student sets what
// comes by e-mail on their Profile, keyboard only.
import {
  bearer,
  createApprovedUserViaApi,
  createProjectViaApi,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  joinedStudentViaApi,
  loginViaApi,
  PHONE,
  signInViaUi,
  test,
} from "./fixtures.ts";

test("a student's bell shows the review of their contribution", async ({ browser, request, superAdmin }) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const instructorSession = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, instructorSession, {
    title: "Tide Pool Survey",
    discipline: "biology",
  });
  const student = await joinedStudentViaApi(request, superAdmin.sessionId, project.joinCode, {
    name: "Noor Student",
  });

  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInViaUi(page, student.email, student.password);
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
  await page.getByRole("link", { name: /Tide Pool Survey/ }).click();
  await page
    .getByLabel("Your Contribution")
    .fill("Counting limpets at low tide showed the zonation clearly.");
  await page.getByRole("button", { name: "Send Contribution" }).click();
  await expect(page.getByText("Thank you! Your contribution was sent to your instructor.")).toBeVisible();

  const contributions = await request.get(`/api/contributions/project/${project.id}`, {
    headers: bearer(instructorSession),
  });
  const [sent] = (await contributions.json()) as Array<{ id: number }>;
  const reviewed = await request.put(`/api/contributions/${sent?.id}/status`, {
    headers: bearer(instructorSession),
    data: { status: "approved" },
  });
  expect(reviewed.status(), await reviewed.text()).toBe(200);

  // The bell asks again when the page regains focus; a reload is the same for the test.
  await page.reload();
  const bell = page.getByRole("button", { name: "Notifications, 1 unread" });
  await expect(bell).toBeVisible();
  await bell.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await expect(panel.getByText("Your contribution was reviewed")).toBeVisible();
  await expect(panel.getByText("Your instructor marked it approved.")).toBeVisible();
  await expectNoSidewaysScroll(page, "the open notifications");
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole("button", { name: "Mark as read" }).click();
  await expect(panel.getByRole("button", { name: "Mark as read" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeFocused();

  // Profile: what comes by e-mail, keyboard only.
  await page
    .getByRole("navigation", { name: "Student navigation" })
    .getByRole("link", { name: "Profile" })
    .click();
  const feedback = page.getByLabel("Feedback on my contributions");
  await expect(feedback).toHaveValue("in_app");
  await feedback.focus();
  await page.keyboard.press("ArrowDown"); // In the app -> In the app and by e-mail
  await expect(feedback).toHaveValue("mail");
  await expect(page.getByText("Notification settings saved").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page, "the profile");
  const saved = await request.get("/api/notifications/preferences", { headers: bearer(student.sessionId) });
  expect((await saved.json()).preferences).toContainEqual({ kind: "feedback_released", channel: "mail" });
  await context.close();
});
