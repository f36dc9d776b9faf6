// The dashboard shows the signed-in instructor's own figures (projects, contributions, conversions
// and their rating), recent contributions and shortcuts.
import type { APIRequestContext } from "@playwright/test";
import {
  bearer,
  createApprovedUserViaApi,
  createProjectViaApi,
  expect,
  expectNoSeriousA11yViolations,
  expectOk,
  joinedStudentViaApi,
  loginViaApi,
  PHONE,
  signInToDashboard,
  TALL_DESKTOP,
  test,
} from "./fixtures.ts";

/** A project with one student contribution and one conversion rated 4: the dashboard's inputs. */
async function seedActivity(request: APIRequestContext, sessionId: string, adminSessionId: string) {
  const project = await createProjectViaApi(request, sessionId, {
    title: "Harbour Ecology Lab",
    discipline: "biology",
    methodology: { pivotConcepts: "Food webs", launchApplications: "Harbour survey" },
  });
  // Students Engaged counts students active signed in or through the link with an e-mail, once
  // each: Sam joined and contributes signed in; Noor writes through the link signed out, twice.
  for (const content of ["The tide tables would help us plan.", "Can we borrow the lab's nets?"])
    await expectOk(
      request.post(`/api/public/contributions/${project.contributionToken}`, {
        data: {
          studentName: "Noor Link",
          studentEmail: "noor@student.example.edu",
          contributionType: "question",
          content,
        },
      }),
    );
  const sam = await joinedStudentViaApi(request, adminSessionId, project.joinCode, { name: "Sam Student" });
  await expectOk(
    request.post(`/api/public/contributions/${project.contributionToken}`, {
      headers: bearer(sam.sessionId),
      data: {
        studentName: "Sam Student",
        studentEmail: "sam@student.example.edu",
        contributionType: "suggestion",
        content: "Could we sample the north pier as well?",
      },
    }),
  );
  const conversion = await expectOk(
    request.post("/api/objective-conversions", {
      headers: bearer(sessionId),
      data: {
        originalObjective: "Students will understand food webs in coastal waters.",
        convertedFramework: "Harbour Ecology Lab framework",
        discipline: "other",
      },
    }),
  );
  await expectOk(
    request.put(`/api/objective-conversions/${conversion.id}/rating`, {
      headers: bearer(sessionId),
      data: { feedbackRating: 4 },
    }),
  );
  return project;
}

test("the dashboard shows the user's own figures, contributions and shortcuts", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, instructor.email, instructor.password);
  const project = await seedActivity(request, sessionId, superAdmin.sessionId);

  await signInToDashboard(page, instructor);
  const figures = page.getByRole("list", { name: "Your figures" });
  await expect(figures.getByTestId("stat-Active Projects")).toHaveText("1");
  await expect(figures.getByTestId("stat-Students Engaged")).toHaveText("2");
  await expect(figures).toContainText(
    "Students active in the last 30 days, signed in or through a project's link",
  );
  await expect(figures.getByTestId("stat-Completion Rate")).toHaveText("0%");
  await expect(figures.getByTestId("stat-Average Rating")).toHaveText("4.0");
  await expect(page.getByText("Could we sample the north pier as well?")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Pivot fields filled" })).toHaveAttribute(
    "aria-valuenow",
    "50",
  );
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await expect(figures.getByTestId("stat-Students Engaged")).toHaveText("2");
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(TALL_DESKTOP);

  const presentation = page.getByRole("link", { name: "Generate Presentation" });
  await expect(presentation).toHaveAttribute("href", "/api/analytics/presentation");
  await expect(presentation).toHaveAttribute("target", "_blank");
  const file = await page.request.get("/api/analytics/presentation"); // the browser's session cookie
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("presentationml.presentation");

  for (const [name, path] of [
    ["Create New Project", "/methodology-wizard"],
    ["View Student Feedback", "/collaboration"],
    ["Upload Course Materials", "/documents"],
    ["Convert My Objectives", "/objectives-converter"],
    ["View All Templates", "/templates"],
    ["View All Contributions", "/collaboration"],
    ["View All Integrations", "/integrations"],
  ] as const) {
    await page.goto("/dashboard");
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }

  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Harbour Ecology Lab" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));

  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Connect Microsoft 365 Copilot" }).click();
  await expect(page.getByText("Integration Connected", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect Microsoft 365 Copilot" })).toHaveCount(0);
});
