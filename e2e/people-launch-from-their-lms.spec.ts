// The LMS bridge (LTI 1.3) in a browser: a course page of a test LMS (another site than the app's)
// launches Pivot & Launch in its iframe. The instructor, known by e-mail, links the course's link to
// their project, then adds it (and its Practice) to the course by deep linking; a learner launches
// from the course's link, lands on that project enrolled (no join code) and practises its card. axe
// on the picker and the student's page inside the iframe.
import {
  LTI_ROLES,
  type LtiTestPlatform,
  type PreparedLaunch,
  startLtiTestPlatform,
} from "../src/server/test/lti-test-platform.ts";
import {
  bearer,
  createApprovedUserViaApi,
  createProjectViaApi,
  expect,
  expectNoSeriousA11yViolations,
  loginViaApi,
  test,
} from "./fixtures.ts";

let lms: LtiTestPlatform;

test.beforeAll(async () => {
  lms = await startLtiTestPlatform({ port: Number(process.env.PL_E2E_LMS_PORT) });
});
test.afterAll(async () => {
  await lms?.close();
});

test("an instructor links a course to a project from the LMS, and a learner launches and practises", async ({
  browser,
  request,
  superAdmin,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, { name: "Lena LMS" });
  const instructorSession = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, instructorSession, {
    title: "Rivers and Floods",
    discipline: "economics",
  });
  const card = await request.post("/api/pivot-cards", {
    headers: bearer(instructorSession),
    data: {
      title: "Discharge",
      discipline: "economics",
      definition: "The volume of water passing a point per second.",
      projectId: project.id,
    },
  });
  expect(card.status()).toBe(201);
  const item = await request.post("/api/retrieval-items", {
    headers: bearer(instructorSession),
    data: {
      pivotCardId: (await card.json()).id,
      type: "flashcard",
      question: "What does a river's discharge measure?",
      answer: "The volume of water passing a point each second.",
    },
  });
  expect(item.status()).toBe(201);

  // The super admin registers the LMS for the instructor's institution.
  const registered = await request.post("/api/admin/lti/platforms", {
    headers: bearer(superAdmin.sessionId),
    data: lms.registration(instructor.institution),
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const tool = (await registered.json()).tool as { loginUrl: string; launchUrl: string };
  lms.trustToolKeyset(async () => (await request.get(`${baseURL}/lti/jwks`)).json());

  const course = lms.addCourse({ id: `course-${Date.now()}`, title: "Hydrology 101", members: [] });
  // The LMS's course page is on another site (localhost) than the app (127.0.0.1): the app in its
  // iframe is a third party, whose storage the browser may refuse.
  const coursePage = (launch: PreparedLaunch) =>
    lms.coursePageUrl(launch, tool).replace("http://127.0.0.1:", "http://localhost:");

  const teacherPage = await (await browser.newContext()).newPage();
  await teacherPage.goto(
    coursePage({
      user: {
        sub: "lms-teacher",
        name: instructor.name,
        email: instructor.email,
        roles: [LTI_ROLES.instructor],
      },
      course,
      resourceLinkId: "hydrology-project",
    }),
  );
  const teacherFrame = teacherPage.frameLocator('iframe[title="Pivot & Launch"]');
  await expect(teacherFrame.getByText("Link Hydrology 101 to a project")).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(teacherPage);
  await teacherFrame.getByRole("radio", { name: "Rivers and Floods" }).check();
  await teacherFrame.getByRole("button", { name: "Link this project" }).click();
  await expect(teacherFrame.getByRole("heading", { name: "Rivers and Floods" }).first()).toBeVisible();

  // Deep linking: the instructor adds the project and its Practice to the course; the answer is
  // posted back to the LMS from the iframe, signed by the tool.
  await teacherPage.goto(
    coursePage({
      user: {
        sub: "lms-teacher",
        name: instructor.name,
        email: instructor.email,
        roles: [LTI_ROLES.instructor],
      },
      course,
      messageType: "LtiDeepLinkingRequest",
    }),
  );
  await expect(teacherFrame.getByText("Add a project to Hydrology 101")).toBeVisible({ timeout: 30_000 });
  await teacherFrame.getByRole("radio", { name: "Rivers and Floods" }).check();
  await expect(teacherFrame.getByRole("checkbox", { name: /Also add its Practice/ })).toBeChecked();
  await teacherFrame.getByRole("button", { name: "Add to course" }).click();
  await expect(teacherFrame.getByText("Content linked in the LMS.")).toBeVisible();
  const answer = await lms.verifyToolJwt(lms.deepLinkResponses.at(-1) ?? "");
  expect(answer["https://purl.imsglobal.org/spec/lti-dl/claim/content_items"]).toMatchObject([
    { type: "ltiResourceLink", title: "Rivers and Floods" },
    { title: "Practice: Rivers and Floods", lineItem: { scoreMaximum: 100 } },
  ]);

  // A learner launches from the same link: enrolled, on the project's page, then practises.
  const learnerPage = await (await browser.newContext()).newPage();
  await learnerPage.goto(
    coursePage({
      user: {
        sub: "lms-learner",
        name: "Liam Learner",
        email: `liam-${Date.now()}@lms.test`,
        roles: [LTI_ROLES.learner],
      },
      course,
      resourceLinkId: "hydrology-project",
    }),
  );
  const learnerFrame = learnerPage.frameLocator('iframe[title="Pivot & Launch"]');
  await expect(learnerFrame.getByRole("heading", { name: "Rivers and Floods" }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expectNoSeriousA11yViolations(learnerPage);
  await learnerFrame
    .getByRole("navigation", { name: "Student navigation" })
    .getByRole("link", { name: "Practice" })
    .click();
  await learnerFrame.getByRole("button", { name: "Start practice" }).click();
  await expect(learnerFrame.getByTestId("practice-question")).toContainText(
    "What does a river's discharge measure?",
  );
  await learnerFrame.getByTestId("practice-question").click();
  await learnerPage.keyboard.press("Space");
  await expect(learnerFrame.getByTestId("practice-answer")).toContainText("The volume of water");
  await learnerPage.keyboard.press("3");
  await expect(learnerFrame.getByTestId("practice-summary")).toContainText("Session complete: 1 item");
});
