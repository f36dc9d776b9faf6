// Student contributions: a student contributes through a project's link without an account; the
// instructor reviews them on Student Collaboration, which pages them 20 at a time and filters them on
// the server, counts students by e-mail or name, offers to clear filters after an empty search, and
// says Not Applicable on Reject.
import type { APIRequestContext } from "@playwright/test";
import {
  bearer,
  createApprovedUserViaApi,
  createProjectViaApi,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  loginViaApi,
  PHONE,
  signInToDashboard,
  test,
} from "./fixtures.ts";

async function contribute(
  request: APIRequestContext,
  token: string,
  studentName: string,
  studentEmail: string | undefined,
  content: string,
) {
  const sent = await request.post(`/api/public/contributions/${token}`, {
    data: { studentName, studentEmail, contributionType: "suggestion", content },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

test("a student contributes through the project's link without an account", async ({
  browser,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, instructor.email, instructor.password);
  const headers = bearer(sessionId);
  const project = await createProjectViaApi(request, sessionId, {
    title: "Harbour Water Study",
    discipline: "chemistry",
    methodology: { discipline: "chemistry", pivotConcepts: "Calibration curves" },
  });

  const context = await browser.newContext(); // a fresh browser: no session at all
  const page = await context.newPage();
  await page.goto(`/contribute/${project.contributionToken}`);
  await expect(page.getByRole("heading", { name: "Contribute to Harbour Water Study" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Send Contribution" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Contribution must be at least 10 characters")).toBeVisible();

  const content = "<script>window.hacked = true</script> Could we sample below the marina?";
  await page.getByLabel("Your Name").fill("<b>Maya</b> Chen");
  await page.getByLabel("Email (optional)").fill("maya@students.test");
  await page.getByLabel("Type").selectOption("question");
  await page.getByLabel("Your Contribution").fill(content);
  await page.getByRole("button", { name: "Send Contribution" }).click();
  await expect(page.getByText("Thank you! Your contribution was sent to your instructor.")).toBeVisible();
  expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
  await context.close();

  const list = await request.get(`/api/contributions/project/${project.id}`, { headers });
  expect(await list.json()).toEqual([
    expect.objectContaining({
      studentName: "<b>Maya</b> Chen",
      contributionType: "question",
      content,
      status: "pending",
    }),
  ]);

  // a regenerated link stops working at once, with a message
  await request.post(`/api/projects/${project.id}/contribution-token`, { headers });
  const stale = await browser.newContext();
  const stalePage = await stale.newPage();
  await stalePage.goto(`/contribute/${project.contributionToken}`);
  await expect(stalePage.getByText(/This contribution link is not valid any more/)).toBeVisible();
  await stale.close();
});

test("the instructor reviews contributions on the Student Collaboration screen", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, sessionId, {
    title: "Oral History Archive",
    discipline: "history",
    methodology: {},
  });
  for (const [studentName, contributionType, content] of [
    ["Maya Chen", "suggestion", "Could we interview the ferry crew as well?"],
    ["Leo Park", "reflection", "Transcribing taught me how memory reshapes events."],
  ] as const) {
    const sent = await request.post(`/api/public/contributions/${project.contributionToken}`, {
      data: {
        studentName,
        studentEmail: `${studentName.split(" ")[0]?.toLowerCase()}@students.test`,
        contributionType,
        content,
      },
    });
    expect(sent.status()).toBe(201);
  }

  await signInToDashboard(page, instructor);
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Student Collaboration" })
    .click();
  await expect(
    page.getByText("Manage student contributions, feedback, and collaborative learning experiences"),
  ).toBeVisible();
  const stat = (label: string) => page.locator("dl > div").filter({ hasText: label }).locator("dd");
  await expect(stat("Total Contributions")).toHaveText("2");
  await expect(stat("Active Students")).toHaveText("2");
  await expect(page.getByRole("tab", { name: "Pending (2)" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("tab", { name: "Pending (2)" }).click();
  await page.getByRole("button", { name: "Approve contribution from Maya Chen" }).click();
  await expect(
    page.getByText("The contribution status has been updated successfully.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("tab", { name: "Pending (1)" })).toBeVisible();

  await page.getByRole("tab", { name: "All Contributions" }).click();
  await page.getByLabel("Search").fill("ferry");
  await expect(page.getByRole("list", { name: "Contributions" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "View details from Maya Chen" }).click();
  await page.getByRole("dialog").getByLabel("Status").selectOption("implemented");
  await expect(stat("Implemented")).toHaveText("1");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("dialog").getByRole("button", { name: "Close details" }).click();

  // With All Projects, Invite Students asks which project; the draft never carries the
  // platform's bare address.
  const second = await createProjectViaApi(request, sessionId, {
    title: "River Voices",
    discipline: "history",
  });
  await page.reload();
  await page.getByRole("button", { name: "Invite Students" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite Students" });
  await expect(dialog.getByLabel("Project")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel("Project").selectOption({ label: "River Voices" });
  await expect(dialog.getByLabel("Contribution link")).toHaveValue(
    new RegExp(`/contribute/${second.contributionToken}$`),
  );
  await expect(dialog.getByRole("link", { name: "Compose Invitation" })).toHaveAttribute(
    "href",
    new RegExp(encodeURIComponent(`/contribute/${second.contributionToken}`)),
  );
  await dialog.getByRole("button", { name: "Close invitation" }).click();

  const invite = page.getByRole("link", { name: "Invite Students" });
  await page.getByLabel("Project").selectOption({ label: "Oral History Archive" });
  await expect(invite).toHaveAttribute(
    "href",
    new RegExp(encodeURIComponent(`/contribute/${project.contributionToken}`)),
  );
});

test("Student Collaboration shows contributions 20 at a time and filters them on the server", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, instructor.email, instructor.password);
  const tides = await createProjectViaApi(request, sessionId, { title: "Tide Pools", discipline: "biology" });
  const caves = await createProjectViaApi(request, sessionId, { title: "Sea Caves", discipline: "biology" });
  const send = async (token: string, studentName: string) => {
    const sent = await request.post(`/api/public/contributions/${token}`, {
      data: {
        studentName,
        contributionType: "question",
        content: `A question from ${studentName} about the site`,
      },
    });
    expect(sent.status()).toBe(201);
  };
  for (let n = 1; n <= 23; n += 1)
    await send(tides.contributionToken, `Student ${String(n).padStart(2, "0")}`);
  await send(caves.contributionToken, "Cave Student A");
  await send(caves.contributionToken, "Cave Student B");

  await signInToDashboard(page, instructor);
  await page.goto("/collaboration");
  const stat = (label: string) => page.locator("dl > div").filter({ hasText: label }).locator("dd");
  const cards = page.getByRole("list", { name: "Contributions" }).getByRole("listitem");
  await expect(stat("Total Contributions")).toHaveText("25");
  await expect(stat("Active Students")).toHaveText("25");
  await expect(cards).toHaveCount(20);
  const pager = page.getByRole("navigation", { name: "Contribution pages" });
  await expect(pager).toContainText("Page 1 of 2 · 25 contributions");
  // Newest first: the second project's two, then the first project's last 18.
  await expect(cards.first()).toContainText("Cave Student B");
  await expectNoSeriousA11yViolations(page);

  await pager.getByRole("button", { name: "Next" }).click();
  await expect(pager).toContainText("Page 2 of 2");
  await expect(cards).toHaveCount(5);
  await expect(cards.last()).toContainText("Student 01");

  await page.getByLabel("Project").selectOption({ label: "Sea Caves" });
  await expect(cards).toHaveCount(2);
  await expect(stat("Total Contributions")).toHaveText("2");
  await expect(pager).toHaveCount(0);

  await page.getByLabel("Project").selectOption({ label: "All Projects" });
  await page.getByLabel("Search").fill("student 07");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Student 07");

  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByLabel("Search").fill("");
  await expect(cards).toHaveCount(20);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test("Student Collaboration: students counted by e-mail or name, an empty search offers to clear filters, Reject says Not Applicable", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, sessionId, {
    title: "River Restoration Studio",
    discipline: "biology",
  });
  const token = project.contributionToken;
  await contribute(request, token, "Ana Lima", undefined, "Could we plant willows on the bank?");
  await contribute(request, token, "ana lima", undefined, "The gauge readings look off after rain.");
  await contribute(request, token, "Leo Park", "leo@students.test", "Shall we invite the fishing club?");
  await contribute(request, token, "Leo", "LEO@students.test", "A question about turbidity sensors.");

  await signInToDashboard(page, instructor);
  // the dashboard's Students Engaged counts students signed in or through the link with an e-mail:
  // Leo (twice, one e-mail) is one; Ana Lima left no e-mail, and a name alone tells no one apart
  await expect(
    page.getByRole("list", { name: "Your figures" }).getByTestId("stat-Students Engaged"),
  ).toHaveText("1");
  await page.goto("/collaboration");
  const stat = (label: string) => page.locator("dl > div").filter({ hasText: label }).locator("dd");
  await expect(stat("Total Contributions")).toHaveText("4");
  await expect(stat("Active Students")).toHaveText("2");

  // a search that matches nothing says so and offers to clear the filters
  await page.getByLabel("Project").selectOption({ label: "River Restoration Studio" });
  await page.getByLabel("Search").fill("hydroelectric");
  await expect(page.getByRole("heading", { name: "No contributions match" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Contributions Yet" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(page.getByLabel("Search")).toHaveValue("");
  await expect(page.getByLabel("Project")).toHaveValue("all");
  const cards = page.getByRole("list", { name: "Contributions" }).getByRole("listitem");
  await expect(cards).toHaveCount(4);

  // the quick Reject says what it sets
  const willows = cards.filter({ hasText: "Could we plant willows on the bank?" });
  const reject = willows.getByRole("button", { name: "Reject contribution from Ana Lima as Not Applicable" });
  await expect(reject).toHaveText("Reject as Not Applicable");
  await expectNoSeriousA11yViolations(page);
  await reject.click();
  await expect(
    page.getByText("The contribution status has been updated successfully.", { exact: true }),
  ).toBeVisible();
  await expect(willows.getByText("Not Applicable", { exact: true })).toBeVisible();

  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Type").selectOption("question");
  await expect(page.getByRole("heading", { name: "No contributions match" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
