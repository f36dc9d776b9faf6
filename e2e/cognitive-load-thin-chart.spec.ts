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
const HEADER =
  "date,context,mental_effort,intrinsic_1,intrinsic_2,intrinsic_3,extraneous_1,extraneous_2,extraneous_3,germane_1,germane_2,germane_3,germane_4,technostress,interruptions,task_minutes,refocus_minutes,remark";

test("an instructor's detailed metrics say why a chart is empty, in the chart", async ({
  page,
  request,
  superAdmin,
}) => {
  test.setTimeout(120_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, sessionId, {
    title: "Delta Survey",
    discipline: "biology",
  });
  // Three paper surveys typed in, one on each of three days: enough for the slice, never for a day.
  const day = (back: number) => new Date(Date.now() - back * DAY).toISOString().slice(0, 10);
  const csv = [HEADER, ...[2, 3, 4].map((back) => `${day(back)},pivot,5,5,5,5,3,3,3,6,6,6,6,3,1,60,2,`)].join(
    "\n",
  );
  const imported = await request.post("/api/cognitive-load/import", {
    headers: bearer(sessionId),
    data: { projectId: project.id, csv },
  });
  expect(await imported.json()).toMatchObject({ imported: 3, errors: [] });

  await signInViaUi(page, instructor.email, instructor.password);
  await page.getByRole("link", { name: "Cognitive Load Analytics" }).first().click();
  // The students' figures: none yet, whatever was imported.
  await expect(page.getByText("0 responses in this slice")).toBeVisible();
  await page.getByLabel("Responses").selectOption("entered");
  await expect(page.getByText("3 responses in this slice")).toBeVisible();
  await page.getByRole("tab", { name: "Detailed Metrics" }).click();
  const loads = page.getByRole("figure", { name: /Load measures by day/ });
  await expect(loads.getByText("Not enough responses yet: 1 of 3")).toBeVisible();
  await expect(loads.locator(".recharts-surface")).toHaveCount(0);
  const perContext = page.getByRole("figure", { name: /Mental effort by day, per context/ });
  await expect(perContext.getByText("Not enough responses yet: 1 of 3")).toBeVisible();
  // The per-context bars have 3 pivot responses: drawn.
  const bars = page.getByRole("figure", { name: /Per context/ });
  await expect(bars.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(bars.getByText(/Not enough responses/)).toHaveCount(0);
  await expectFitsDesktopAndPhone(page, "cognitive-load-thin-chart");
});
