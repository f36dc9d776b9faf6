// A signed-in student presses Send Check-in before answering: each unanswered question says
// "Please choose an answer" (a blank number "Please enter a number") and the focus moves to the
// first of them, not left on Send far below it. Keyboard only; axe-core at 1280 and 390 px.
import {
  createApprovedUserViaApi,
  createProjectViaApi,
  expect,
  expectFitsDesktopAndPhone,
  joinedStudentViaApi,
  loginViaApi,
  signInViaUi,
  tabTo,
  test,
} from "./fixtures.ts";

test("a student who sends an empty check-in is asked for each answer, from the first question on", async ({
  browser,
  request,
  superAdmin,
}) => {
  test.setTimeout(120_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const instructorSession = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, instructorSession, {
    title: "Estuary Sampling",
    discipline: "chemistry",
  });
  const student = await joinedStudentViaApi(request, superAdmin.sessionId, project.joinCode);

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaUi(page, student.email, student.password);
  await page.getByRole("link", { name: /Estuary Sampling/ }).click();
  await expect(page.getByRole("heading", { name: "Estuary Sampling", level: 1 })).toBeVisible();
  await page.getByRole("tab", { name: "Contribute" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Check in" })).toHaveAttribute("data-state", "active");

  const send = page.getByRole("button", { name: "Send Check-in" });
  await tabTo(page, send, 80);
  await page.keyboard.press("Enter");

  const effort = page.getByRole("group", { name: "How much mental effort did this task take?" });
  await expect(effort.getByText("Please choose an answer")).toBeVisible();
  // Focus is on the first question, on screen; Send keeps no focus.
  await expect(effort.getByRole("radio").first()).toBeFocused();
  await expect(effort).toBeInViewport();
  await expect(page.getByText("Please choose an answer")).toHaveCount(12);
  await expect(page.getByText("Please enter a number")).toHaveCount(3);
  await expect(page.getByText(/must be a whole number/)).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "15 answers need attention" })).toBeVisible();
  await expectFitsDesktopAndPhone(page, "the unanswered check-in");

  // Answering the first question (keyboard) clears nothing else; the next send moves on to the next.
  await page.keyboard.press("Space");
  await tabTo(page, send, 80);
  await page.keyboard.press("Enter");
  const firstItem = page.getByRole("group", {
    name: "The subject matter of this task was complicated in itself.",
  });
  await expect(firstItem.getByRole("radio").first()).toBeFocused();
  await expect(effort.getByText("Please choose an answer")).toHaveCount(0);
  await context.close();
});
