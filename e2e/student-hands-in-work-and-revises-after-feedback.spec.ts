// A milestone run through: the instructor's milestone names a rubric; a student hands in a text and
// a file before the deadline from their milestone page; the instructor opens the submission, scores
// it with the rubric as final and releases the feedback; the student reads the scored rubric and
// submits a revision, which the instructor sees beside the first version and its score. A failed
// upload keeps what the student wrote. Meanwhile the score shows in Analytics → Scores and its CSV.
// axe on every page and the release dialog; the student's page at 390 px.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Route } from "@playwright/test";
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
  signInToDashboard,
  signInViaUi,
  test,
} from "./fixtures.ts";

test("a student hands in work, the instructor scores and releases it, and the student revises", async ({
  browser,
  request,
  superAdmin,
}) => {
  test.setTimeout(150_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, { name: "Mira Mentor" });
  const instructorSession = await loginViaApi(request, instructor.email, instructor.password);
  const auth = { headers: bearer(instructorSession) };
  const project = await createProjectViaApi(request, instructorSession, {
    title: "Solar Village",
    discipline: "economics",
  });
  const rubric = await request.post("/api/rubrics", {
    ...auth,
    data: {
      title: "Feasibility report",
      criteria: [
        {
          title: "Evidence",
          weight: 2,
          levels: [
            { title: "Exemplary", descriptor: "Every claim is sourced.", points: 4 },
            { title: "Developing", descriptor: "Some claims are sourced.", points: 2 },
          ],
        },
        {
          title: "Clarity",
          weight: 1,
          levels: [
            { title: "Clear", descriptor: "Easy to follow.", points: 2 },
            { title: "Unclear", descriptor: "Hard to follow.", points: 0 },
          ],
        },
      ],
    },
  });
  expect(rubric.status(), await rubric.text()).toBe(201);
  const dueAt = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  const milestone = await request.post(`/api/projects/${project.id}/milestones`, {
    ...auth,
    data: {
      title: "Feasibility study",
      stage: "launch",
      dueAt,
      deliverables: ["Cost table", "Site map"],
      rubricId: (await rubric.json()).id,
    },
  });
  expect(milestone.status(), await milestone.text()).toBe(201);
  const milestoneId = (await milestone.json()).id as number;
  const student = await joinedStudentViaApi(request, superAdmin.sessionId, project.joinCode, {
    name: "Sami Student",
  });

  // The student hands in a text and a file from their project's timeline.
  const studentPage = await (await browser.newContext()).newPage();
  await signInViaUi(studentPage, student.email, student.password);
  await studentPage.getByRole("link", { name: "Solar Village" }).first().click();
  await studentPage
    .getByRole("link", { name: /Feasibility study/ })
    .first()
    .click();
  await expect(studentPage.getByRole("heading", { name: "Feasibility study" })).toBeVisible();
  await studentPage
    .getByLabel("Your work", { exact: true })
    .fill("Our cost table shows the village pays back in six years.");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-hand-in-"));
  const file = path.join(dir, "site-map.txt");
  fs.writeFileSync(file, "Site map: panels on the school roof and the market hall.\n");
  await studentPage.locator('input[type="file"]').setInputFiles(file);
  await expect(studentPage.getByRole("list", { name: "Files to upload" })).toContainText("site-map.txt");
  await expectNoSeriousA11yViolations(studentPage);
  // The first try fails while the file is sent: nothing is handed in, the text and the file stay,
  // and handing in again sends them.
  const failUploads = (route: Route) =>
    route.request().method() === "PUT" ? route.abort("connectionreset") : route.fallback();
  await studentPage.route("**/uploads/**", failUploads);
  await studentPage.getByRole("button", { name: "Hand in", exact: true }).click();
  await expect(studentPage.getByText("Nothing was handed in", { exact: false })).toBeVisible();
  await expect(studentPage.getByLabel("Your work", { exact: true })).toHaveValue(
    "Our cost table shows the village pays back in six years.",
  );
  await expect(studentPage.getByText("Nothing handed in yet.")).toBeVisible();
  await studentPage.unroute("**/uploads/**", failUploads);
  await studentPage.getByRole("button", { name: "Hand in", exact: true }).click();
  await expect(studentPage.getByText("Version 1", { exact: false }).first()).toBeVisible();
  await expect(studentPage.getByText("site-map.txt").first()).toBeVisible();

  // The instructor scores it with the rubric, saves it as final and releases the feedback.
  const teacherPage = await (await browser.newContext()).newPage();
  await signInToDashboard(teacherPage, instructor);
  await teacherPage.goto(`/projects/${project.id}/milestones/${milestoneId}`);
  await expect(teacherPage.getByRole("heading", { name: "Feasibility study" })).toBeVisible();
  await teacherPage.getByRole("link", { name: "Sami Student" }).click();
  await expect(teacherPage.getByText("Our cost table shows the village pays back")).toBeVisible();
  // Files download through the API (a bearer token, no cookie: it works in an LMS's iframe too).
  const [siteMap] = await Promise.all([
    teacherPage.waitForEvent("download"),
    teacherPage.getByRole("button", { name: "site-map.txt" }).click(),
  ]);
  expect(siteMap.suggestedFilename()).toBe("site-map.txt");
  expect(fs.readFileSync(await siteMap.path(), "utf8")).toContain("panels on the school roof");
  await teacherPage
    .getByRole("group", { name: /Evidence/ })
    .getByRole("radio", { name: /Exemplary/ })
    .check();
  await teacherPage
    .getByRole("group", { name: /Clarity/ })
    .getByRole("radio", { name: /Unclear/ })
    .check();
  await teacherPage.getByLabel("Comment on Clarity").fill("Add headings to each section.");
  await teacherPage.getByLabel("Overall comment").fill("A convincing case.");
  await expectNoSeriousA11yViolations(teacherPage);
  await teacherPage.getByRole("button", { name: "Save as final" }).click();
  // Evidence 4 of 4 (weight 2) and Clarity 0 of 2 (weight 1): 2 / 3 of the maximum.
  await expect(teacherPage.getByRole("row", { name: /Sami Student/ })).toContainText("66.7");
  await teacherPage.getByRole("button", { name: "Release feedback" }).click();
  const release = teacherPage.getByRole("alertdialog").or(teacherPage.getByRole("dialog"));
  await expect(release).toBeVisible();
  await expectNoSeriousA11yViolations(teacherPage);
  await release.getByRole("button", { name: "Release feedback" }).click();
  await expect(teacherPage.getByText("Feedback released", { exact: false }).first()).toBeVisible();

  // Analytics → Scores shows the final score, and the same scores download as a CSV.
  const analytics = await teacherPage.context().newPage();
  await analytics.goto("/analytics");
  await analytics.getByRole("tab", { name: "Scores" }).click();
  await analytics.getByLabel("Project", { exact: true }).selectOption({ label: "Solar Village" });
  await expect(analytics.getByRole("row", { name: /Sami Student/ })).toContainText("66.7");
  await expect(analytics.getByTestId("milestone-scores-row")).toContainText("Released");
  await expectNoSeriousA11yViolations(analytics);
  const download = analytics.waitForEvent("download");
  await analytics.getByRole("button", { name: "Project scores (.csv)" }).click();
  const csv = fs.readFileSync(await (await download).path(), "utf8");
  expect(csv).toContain("Sami Student,66.7");
  await analytics.close();

  // The student reads the scored rubric and submits a revision, on a phone.
  await studentPage.setViewportSize(PHONE);
  await studentPage.reload();
  await expect(studentPage.getByText("Add headings to each section.")).toBeVisible();
  await expect(studentPage.getByText("A convincing case.")).toBeVisible();
  await expectNoSeriousA11yViolations(studentPage);
  await expectNoSidewaysScroll(studentPage, "the student's milestone page");
  await studentPage.getByLabel("Your work", { exact: true }).fill("Revised: each section now has a heading.");
  await studentPage.getByRole("button", { name: "Submit a revision" }).click();
  await expect(studentPage.getByText("Version 2", { exact: false }).first()).toBeVisible();

  // The instructor sees the revision beside the first version, not yet assessed.
  await teacherPage.reload();
  await teacherPage.getByRole("link", { name: "Sami Student" }).click();
  await expect(teacherPage.getByText("Revised: each section now has a heading.")).toBeVisible();
  await expect(teacherPage.getByText("Our cost table shows the village pays back")).toBeVisible();
  await expect(teacherPage.getByRole("article", { name: "Version 1" })).toContainText("Scored 66.7 / 100");
  const [zip] = await Promise.all([
    teacherPage.waitForEvent("download"),
    teacherPage.getByRole("button", { name: "Download all (.zip)" }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  fs.rmSync(dir, { recursive: true, force: true });
});
