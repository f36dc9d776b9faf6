import type { APIRequestContext } from "@playwright/test";
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

/** A pivot card of the project with two flashcards; answers their ids. */
async function conceptViaApi(request: APIRequestContext, session: string, projectId: number, title: string) {
  const auth = { headers: bearer(session) };
  const card = await expectOk(
    request.post("/api/pivot-cards", {
      ...auth,
      data: { title, discipline: "mathematics", definition: `${title}, defined.`, projectId },
    }),
  );
  const ids: number[] = [];
  for (const question of [`What is ${title.toLowerCase()}?`, `When does ${title.toLowerCase()} apply?`]) {
    const item = await expectOk(
      request.post("/api/retrieval-items", {
        ...auth,
        data: { pivotCardId: card.id, type: "flashcard", question, answer: "This." },
      }),
    );
    ids.push(item.id);
  }
  return ids;
}

// Two concepts and a launch milestone in three days; nobody has practised. The instructor sees
// "Review first" and makes the launch wait; Ana practises (by API); Ben, on a phone, finds the
// launch's hand-in held, strengthens the two concepts by keyboard, and hands in; the instructor
// then reads "Ready to launch".
test("the launch waits until the class's pivot concepts hold", async ({ browser, request, superAdmin }) => {
  test.setTimeout(45_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, { name: "Rita Ready" });
  const session = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, session, {
    title: "Epidemics",
    discipline: "mathematics",
  });
  const items = [
    ...(await conceptViaApi(request, session, project.id, "Limits")),
    ...(await conceptViaApi(request, session, project.id, "Derivatives")),
  ];
  const launch = await expectOk(
    request.post(`/api/projects/${project.id}/milestones`, {
      headers: bearer(session),
      data: {
        title: "Launch: model the outbreak",
        stage: "launch",
        dueAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      },
    }),
  );
  const ana = await joinedStudentViaApi(request, superAdmin.sessionId, project.joinCode, {
    name: "Ana Able",
  });
  const ben = await joinedStudentViaApi(request, superAdmin.sessionId, project.joinCode, {
    name: "Ben Busy",
  });

  // The instructor reads the verdict and makes the launch wait, by keyboard.
  const owner = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInToDashboard(owner, instructor);
  await owner.goto(`/projects/${project.id}`);
  const card = owner.getByRole("region", { name: "Launch readiness" });
  await expect(card.getByText("Review first: Limits and Derivatives")).toBeVisible();
  await expect(card.getByRole("row", { name: /Derivatives 0 % 2 of 2 Review first/ })).toBeVisible();
  await expect(card.getByRole("list", { name: "Students who most need review" })).toContainText("Ana Able");
  const wait = card.getByRole("checkbox", { name: "Launch: model the outbreak waits for readiness" });
  await wait.focus();
  await owner.keyboard.press("Space");
  await expect(wait).toBeChecked();
  await expectNoSeriousA11yViolations(owner);
  await card.getByRole("button", { name: "Readiness settings" }).click();
  const settings = owner.getByRole("dialog", { name: "Readiness settings" });
  await expect(settings.getByLabel("Threshold")).toHaveValue("0.8");
  await expectNoSeriousA11yViolations(owner);
  await owner.keyboard.press("Escape");
  await expect(settings).toHaveCount(0);

  // Ana practises everything (Easy).
  for (const itemId of items)
    await expectOk(
      request.post("/api/student/reviews", { headers: bearer(ana.sessionId), data: { itemId, rating: 4 } }),
    );

  // Ben, on a phone: the launch's hand-in waits for him; he strengthens both concepts by keyboard.
  const student = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInViaUi(student, ben.email, ben.password);
  await expect(student).toHaveURL(/\/student/);
  await student.goto(`/student/projects/${project.id}/milestones/${launch.id}`);
  const strengthen = student.getByRole("region", { name: "Strengthen these concepts first" });
  await expect(strengthen).toContainText("Launch: model the outbreak opens for hand-in once they hold.");
  await expect(strengthen.getByRole("list", { name: "Predicted recall at the launch" })).toContainText(
    "Derivatives",
  );
  await expect(student.getByRole("button", { name: "Hand in" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(student);
  await expectNoSidewaysScroll(student, "the held launch milestone");
  const practise = strengthen.getByRole("link", { name: "Practise these concepts (4 items)" });
  await practise.focus();
  await student.keyboard.press("Enter");
  await expect(
    student.getByRole("heading", { name: "Strengthen these concepts first", level: 1 }),
  ).toBeVisible();
  await expect(student.getByText("Item 1 of 4")).toBeVisible();
  await expectNoSeriousA11yViolations(student);
  await expectNoSidewaysScroll(student, "the session to strengthen");
  for (let index = 0; index < 4; index++) {
    await student.keyboard.press("Space");
    await expect(student.getByTestId("practice-answer")).toContainText("This.");
    await student.keyboard.press("4");
    if (index < 3) await expect(student.getByText(`Item ${index + 2} of 4`)).toBeVisible();
  }
  await expect(student.getByTestId("practice-summary")).toContainText("Session complete: 4 items reviewed");
  await student.goto(`/student/projects/${project.id}/milestones/${launch.id}`);
  await expect(student.getByRole("heading", { name: "Hand in your work" })).toBeVisible();
  await expect(student.getByRole("region", { name: "Strengthen these concepts first" })).toHaveCount(0);
  await expect(student.getByRole("button", { name: "Hand in" })).toBeVisible();
  // The project page shows his recall of each concept at the launch.
  await student.goto(`/student/projects/${project.id}`);
  const atLaunch = student.getByRole("region", { name: "Ready for the launch" });
  await expect(atLaunch.getByRole("list", { name: "Predicted recall at the launch" })).toContainText(
    /Derivatives\s*predicted recall 9\d %/,
  );
  await expectNoSeriousA11yViolations(student);

  // The class is ready.
  await owner.reload();
  await expect(card.getByText("Ready to launch")).toBeVisible();
  await expect(card.getByRole("row", { name: /Derivatives \d+ % 0 of 2 Holds/ })).toBeVisible();
  await expect(card.getByRole("list", { name: "Students who most need review" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(owner);
});
