// Pacing from cognitive load: on a project whose students report high effort in the launch stage
// (sent through the public check-in link), the instructor opens the project's Interventions,
// schedules a pivot review session in one click, finds it on the project's timeline, and sees it
// listed as applied. axe-core on the screen at 1280 and 390 px.
import {
  bearer,
  createApprovedUserViaApi,
  createProjectViaApi,
  expect,
  expectFitsDesktopAndPhone,
  loginViaApi,
  signInViaUi,
  test,
} from "./fixtures.ts";

const DAY = 86_400_000;

const launchCheckIn = (mentalEffort: number) => ({
  context: "launch",
  mentalEffort,
  intrinsicItems: [5, 5, 5],
  extraneousItems: [3, 3, 3],
  germaneItems: [6, 6, 6, 6],
  technostress: 3,
  interruptions: 0,
  taskMinutes: 60,
  refocusMinutes: 2,
});

test("an instructor schedules a pivot review session from high launch effort and sees it applied", async ({
  browser,
  page,
  request,
  superAdmin,
}) => {
  test.setTimeout(120_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, sessionId, {
    title: "Harbour Logistics",
    discipline: "chemistry",
  });
  const launch = await request.post(`/api/projects/${project.id}/milestones`, {
    headers: bearer(sessionId),
    data: {
      title: "Prototype demo",
      stage: "launch",
      dueAt: new Date(Date.now() + 10 * DAY).toISOString(),
      deliverables: ["Working prototype"],
    },
  });
  expect(launch.status()).toBe(201);

  // Three students, no account, report high effort in the launch stage.
  const students = await browser.newContext();
  for (const effort of [8, 9, 8]) {
    const sent = await students.request.post(`/api/public/cognitive-load/${project.contributionToken}`, {
      data: launchCheckIn(effort),
    });
    expect(sent.status()).toBe(201);
  }
  await students.close();

  await signInViaUi(page, instructor.email, instructor.password);
  await page.getByRole("link", { name: "Cognitive Load Analytics" }).first().click();
  await page.getByLabel("Project").selectOption({ label: "Harbour Logistics" });
  await expect(page.getByText("3 responses in this slice")).toBeVisible();
  await page.getByRole("tab", { name: "Interventions" }).click();
  const actions = page.getByRole("list", { name: "Actions for Break tasks into smaller steps" });
  await expect(actions.getByText("Schedule a pivot review session before Prototype demo")).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: "Where the load is high" })
      .getByText(/Launch check-ins \(3\) show mean mental effort 8\.3/),
  ).toBeVisible();
  await expectFitsDesktopAndPhone(page, "the pacing suggestions");

  await actions.getByRole("button", { name: "Schedule it" }).click();
  await expect(page.getByText("Pivot review session scheduled", { exact: true }).first()).toBeVisible();
  const applied = page.getByRole("list", { name: "Applied actions" });
  await expect(
    applied.getByText("Pivot review session scheduled: Pivot review session before Prototype demo"),
  ).toBeVisible();
  await expect(applied.getByText("Mental effort: 8.3")).toBeVisible();
  await expect(applied.getByText("Not enough check-ins yet (0 of 3)")).toBeVisible();
  await expect(actions.getByText("Applied", { exact: true })).toBeVisible();
  await expectFitsDesktopAndPhone(page, "the applied pacing actions");

  // The session is on the project's timeline, two days before the launch milestone.
  await page.goto(`/projects/${project.id}`);
  const timeline = page.getByRole("list", { name: "Milestones in due order" });
  await expect(timeline.getByRole("heading", { name: "Pivot review session" })).toBeVisible();
  await expect(timeline.getByRole("heading", { name: "Prototype demo" })).toBeVisible();
});
