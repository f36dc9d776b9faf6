// Mastery and review, as students and instructors meet them: a student's mastery bars are filled
// and coloured on a fresh load of their practice page; the instructor's review of a concept check
// asks for an option first, as the student's does (one review card for both); a card created while
// the discipline filter would hide it shows, and the toast says why the filter changed; Mastery
// Analytics leads with the class and says whose figure each is. axe-core at 1280 and 390 px.
import type { APIRequestContext } from "@playwright/test";
import {
  bearer,
  createApprovedUserViaApi,
  createProjectViaApi,
  expect,
  expectFitsDesktopAndPhone,
  joinedStudentViaApi,
  loginViaApi,
  signInAsNewUser,
  signInToDashboard,
  signInViaUi,
  test,
} from "./fixtures.ts";

const CHECK_QUESTION = "Which one is an opportunity cost?";

/** An instructor's project with a card, a flashcard and a concept check; a student who practised both. */
async function classWithPractice(request: APIRequestContext, adminSessionId: string) {
  const instructor = await createApprovedUserViaApi(request, adminSessionId);
  const session = await loginViaApi(request, instructor.email, instructor.password);
  const headers = bearer(session);
  const project = await createProjectViaApi(request, session, {
    title: "Market Garden",
    discipline: "economics",
  });
  const card = await request.post("/api/pivot-cards", {
    headers,
    data: {
      title: "Opportunity cost",
      discipline: "economics",
      definition: "The value of the next best alternative given up.",
      projectId: project.id,
    },
  });
  expect(card.status()).toBe(201);
  const pivotCardId = ((await card.json()) as { id: number }).id;
  for (const data of [
    { type: "flashcard", question: "What does a plot of beans cost?", answer: "The best crop not grown." },
    {
      type: "concept-check",
      question: CHECK_QUESTION,
      options: ["The tomatoes not planted", "The price of seeds"],
      correctIndex: 0,
    },
  ]) {
    const item = await request.post("/api/retrieval-items", { headers, data: { pivotCardId, ...data } });
    expect(item.status()).toBe(201);
  }
  const student = await joinedStudentViaApi(request, adminSessionId, project.joinCode);
  const due = await request.get("/api/student/practice/due?tz=UTC", { headers: bearer(student.sessionId) });
  expect(due.status()).toBe(200);
  for (const item of ((await due.json()) as { items: Array<{ id: number }> }).items) {
    const graded = await request.post("/api/student/reviews", {
      headers: bearer(student.sessionId),
      data: { itemId: item.id, rating: 4 },
    });
    expect(graded.status()).toBe(201);
  }
  return { instructor, student, project };
}

test("a student's mastery bars are filled and coloured on a fresh load of their practice page", async ({
  page,
  request,
  superAdmin,
}) => {
  const { student } = await classWithPractice(request, superAdmin.sessionId);
  await signInViaUi(page, student.email, student.password);
  await expect(page.getByRole("heading", { name: "My Projects" })).toBeVisible();
  // A fresh load of the practice page alone: no other screen's stylesheet has been loaded.
  await page.goto("/student/practice");
  const concept = page.getByTestId("concept-mastery");
  await expect(concept).toContainText("Opportunity cost");
  // The bar's fill (the inner element of its aria-hidden track), found by its shape, not a test id.
  const fill = concept.locator('[aria-hidden="true"] > div').first();
  const painted = await fill.evaluate((element) => ({
    background: getComputedStyle(element).backgroundColor,
    width: element.getBoundingClientRect().width,
  }));
  expect(painted.width).toBeGreaterThan(0);
  expect(painted.background).not.toBe("rgba(0, 0, 0, 0)");
  expect(painted.background).not.toBe("transparent");
  await expectFitsDesktopAndPhone(page, "the student's practice page");
});

test("the instructor's review of a concept check asks for an option first, as the student's does", async ({
  page,
  request,
  superAdmin,
}) => {
  const { instructor } = await classWithPractice(request, superAdmin.sessionId);
  await signInToDashboard(page, instructor);
  await page.goto("/pivot-assets");
  await page.getByRole("tab", { name: "Retrieval Practice" }).click();
  await page.getByRole("button", { name: "Start review" }).click();
  const session = page.getByRole("dialog", { name: "Review Session" });
  await expect(session.getByText("Item 1 of 2")).toBeVisible();
  for (let index = 0; index < 2; index++) {
    const question = session.getByTestId("review-question");
    await expect(question).toBeFocused();
    if ((await question.textContent())?.includes(CHECK_QUESTION)) {
      await page.keyboard.press("Space");
      await expect(session.getByText("Choose an option first (A, B, C...).")).toBeVisible();
      await expect(session.getByTestId("review-answer")).toHaveCount(0);
      await page.keyboard.press("b");
      await expect(session.getByRole("button", { name: "B. The price of seeds" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expectFitsDesktopAndPhone(page, "the concept check under review");
      await page.keyboard.press("Space");
      await expect(session.getByTestId("review-answer")).toContainText(
        "Not quite. Correct: A. The tomatoes not planted",
      );
    } else {
      await page.keyboard.press("Space");
      await expect(session.getByTestId("review-answer")).toContainText("The best crop not grown.");
    }
    await expect(session.getByRole("button", { name: /Good · / })).toBeVisible();
    await page.keyboard.press("3");
    if (index === 0) await expect(session.getByText("Item 2 of 2")).toBeVisible();
  }
  await expect(session.getByRole("heading", { name: "Session complete: 2 items reviewed" })).toBeVisible();
});

test("a card created while the discipline filter would hide it shows, and the toast says why", async ({
  page,
  request,
  superAdmin,
}) => {
  const _instructor = await signInAsNewUser(page, request, superAdmin.sessionId);
  await page.goto("/pivot-assets");
  const filter = page.getByLabel("Discipline", { exact: true });
  await filter.selectOption({ label: "+ Add New Discipline" });
  const disciplineDialog = page.getByRole("dialog", { name: "Add New Discipline" });
  await disciplineDialog.getByLabel("Discipline name").fill("Marine Biology");
  await disciplineDialog.getByRole("button", { name: "Add Discipline" }).click();
  await expect(disciplineDialog).toBeHidden();
  await expect(filter).toHaveValue("marine-biology");

  await page.getByRole("button", { name: "Create New Card" }).first().click();
  const cardDialog = page.getByRole("dialog", { name: "Create New Card" });
  await cardDialog.getByLabel("Title (required)").fill("Comparative advantage");
  await cardDialog.getByLabel("Discipline (required)").selectOption({ label: "Economics" });
  await cardDialog.getByLabel("Definition (required)").fill("Producing what costs you least to give up.");
  await cardDialog.getByRole("button", { name: "Create Card" }).click();
  await expect(cardDialog).toBeHidden();
  const cards = page.getByRole("list", { name: "Your pivot cards" }).getByRole("listitem");
  await expect(cards.filter({ hasText: "Comparative advantage" })).toHaveCount(1);
  await expect(filter).toHaveValue("all");
  await expect(
    page.getByText("It was hidden by the Marine Biology filter, so all cards are shown again.").first(),
  ).toBeVisible();
  await expectFitsDesktopAndPhone(page, "the cards after the filter reset");
});

test("Mastery Analytics leads with the class and says whose figure each is", async ({
  page,
  request,
  superAdmin,
}) => {
  const { instructor } = await classWithPractice(request, superAdmin.sessionId);
  await signInToDashboard(page, instructor);
  await page.goto("/pivot-assets");
  await page.getByRole("tab", { name: "Mastery Analytics" }).click();
  const classes = page.getByRole("heading", { name: "Your classes" });
  const own = page.getByRole("heading", { name: "Your own practice" });
  await expect(classes).toBeVisible();
  await expect(own).toBeVisible();
  // The class comes first: the students' 100% above the instructor's own 0%. Polled: a section
  // may be drawn again when its figures arrive, and a box read meanwhile is null.
  await expect
    .poll(async () => {
      const [classesBox, ownBox] = [await classes.boundingBox(), await own.boundingBox()];
      return classesBox && ownBox ? classesBox.y < ownBox.y : "not laid out yet";
    })
    .toBe(true);
  await expect(page.getByText("Your students' mastery of each project's concepts")).toBeVisible();
  await expect(page.getByTestId("class-mastery-percent")).toContainText("Class mastery");
  await expect(page.getByTestId("own-practice-note")).toContainText(
    "count your own reviews of your cards, not your students'",
  );
  await expect(
    page.getByRole("list", { name: "Your own mastery by card" }).getByRole("listitem"),
  ).toContainText("Opportunity cost");
  await expectFitsDesktopAndPhone(page, "Mastery Analytics");
});
