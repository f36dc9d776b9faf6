// Cognitive load: a student answers the check-in on the contribution page with the keyboard only;
// the instructor sees the figures change, switches timeframe and context, exports the CSV. When no
// day of a slice has 3 check-ins, each Detailed Metrics chart says "Not enough responses yet: 1 of 3"
// inside its frame, and the instructor's imported check-ins are their own series. axe-core on the
// pages at 1280 and 390 px.
import fs from "node:fs";
import {
  answerCheckInByKeyboard,
  bearer,
  createApprovedUserViaApi,
  createProjectViaApi,
  expect,
  expectFitsDesktopAndPhone,
  expectNoSeriousA11yViolations,
  loginViaApi,
  PHONE,
  signInViaUi,
  test,
} from "./fixtures.ts";

const answer = (mentalEffort: number) => ({
  context: "pivot",
  mentalEffort,
  intrinsicItems: [7, 7, 7],
  extraneousItems: [4, 4, 4],
  germaneItems: [5, 5, 5, 5],
  technostress: 3,
  interruptions: 4,
  taskMinutes: 30,
  refocusMinutes: 2,
});

const DAY = 86_400_000;

const HEADER =
  "date,context,mental_effort,intrinsic_1,intrinsic_2,intrinsic_3,extraneous_1,extraneous_2,extraneous_3,germane_1,germane_2,germane_3,germane_4,technostress,interruptions,task_minutes,refocus_minutes,remark";

test("a student checks in with the keyboard; the instructor sees, filters and exports the figures", async ({
  browser,
  page,
  request,
  superAdmin,
}) => {
  test.setTimeout(120_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, sessionId, {
    title: "Tidal Energy Lab",
    discipline: "chemistry",
    methodology: { discipline: "chemistry", pivotConcepts: "Energy balance" },
  });

  // The instructor's first visit: the empty state explains how to collect check-ins.
  await signInViaUi(page, instructor.email, instructor.password);
  await page.getByRole("link", { name: "Cognitive Load Analytics" }).first().click();
  await expect(page.getByRole("heading", { name: "No check-ins yet" })).toBeVisible();
  await expect(page.getByText(/check-in\?tab=check-in|\/contribute\/.+\?tab=check-in/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Show the QR code of Tidal Energy Lab" }).click();
  await expect(
    page.getByRole("img", { name: "QR code of the check-in link of Tidal Energy Lab" }),
  ).toBeVisible();
  await page.keyboard.press("Escape");

  // Two classmates answered already (the API a phone uses, signed in as nobody: the instructor's
  // own answers through the link would not count); one response short of the threshold.
  const classmates = await browser.newContext();
  for (const effort of [5, 5]) {
    const sent = await classmates.request.post(`/api/public/cognitive-load/${project.contributionToken}`, {
      data: answer(effort),
    });
    expect(sent.status()).toBe(201);
  }
  await classmates.close();
  await page.reload();
  await expect(page.getByText("Not enough responses yet: 2 of 3").first()).toBeVisible();
  await expect(page.getByTestId("average-mentalEffort")).toContainText("–");

  // A student, no account, keyboard only.
  const student = await browser.newContext();
  const phone = await student.newPage();
  await phone.goto(`/contribute/${project.contributionToken}`);
  await expect(phone.getByRole("heading", { name: "Contribute to Tidal Energy Lab" })).toBeVisible();
  await phone.getByRole("tab", { name: "Contribute" }).focus();
  await phone.keyboard.press("ArrowRight"); // to "How did this task feel?"
  await expect(phone.getByRole("tab", { name: "How did this task feel?" })).toHaveAttribute(
    "data-state",
    "active",
  );
  await expect(
    phone.getByRole("group", { name: "How much mental effort did this task take?" }),
  ).toBeVisible();
  await phone.keyboard.press("Tab"); // the panel
  await phone.keyboard.press("Tab"); // the context select
  await expect(phone.getByLabel("Which part of the course was this task?")).toBeFocused();
  await answerCheckInByKeyboard(phone, {
    mentalEffort: 8,
    items: [7, 7, 7, 4, 4, 4, 5, 5, 5, 5],
    technostress: 3,
    interruptions: "4",
    taskMinutes: "30",
    refocusMinutes: "2",
    remark: "The dataset format took a while to understand.",
  });
  await expectNoSeriousA11yViolations(phone);
  await phone.keyboard.press("Tab");
  await expect(phone.getByRole("button", { name: "Send Check-in" })).toBeFocused();
  await phone.keyboard.press("Enter");
  await expect(phone.getByText("Thank you! Your check-in was recorded.")).toBeVisible();
  await phone.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(phone);
  await student.close();

  // The instructor's figures change: three responses, mean effort (5 + 5 + 8) / 3 = 6.0, amber.
  await page.reload();
  await expect(page.getByText("3 responses in this slice")).toBeVisible();
  await expect(page.getByTestId("average-mentalEffort")).toContainText("6.0");
  await expect(page.getByText("Watch").first()).toBeVisible();
  await expect(page.getByText("The dataset format took a while to understand.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("tab", { name: "Overload Patterns" }).click();
  await expect(page.getByText("More than 6 interruptions an hour")).toBeVisible();
  await expect(page.getByText("100% of check-ins (3 of 3)")).toBeVisible();
  await page.getByRole("tab", { name: "Interventions" }).click();
  await expect(page.getByText("Batch notifications and add an interruption pause")).toBeVisible();
  await expect(page.getByText(/8\.0 interruptions an hour/)).toBeVisible();
  await page.getByRole("tab", { name: "Detailed Metrics" }).click();
  await expect(page.getByText(/Load measures by day/)).toBeVisible();
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Timeframe and context are wired: launch has no check-ins, all time still has the pivot ones.
  await page.getByLabel("Context").selectOption("launch");
  await expect(page.getByText("Not enough responses yet: 0 of 3").first()).toBeVisible();
  await page.getByLabel("Context").selectOption("pivot");
  await page.getByLabel("Timeframe").selectOption("all");
  await expect(page.getByText("3 responses in this slice")).toBeVisible();
  await page.getByLabel("Timeframe").selectOption("semester");
  await expect(page.getByLabel("Semester starts")).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("cognitive-load-semester-pivot.csv");
  const lines = fs
    .readFileSync(await download.path(), "utf8")
    .trim()
    .split("\r\n");
  expect(lines[0]).toMatch(/^date,project,context,mental_effort,intrinsic_1/);
  expect(lines).toHaveLength(4);
  expect(lines.filter((line) => line.includes(",Tidal Energy Lab,pivot,8,"))).toHaveLength(1);

  await page.setViewportSize(PHONE);
  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(page.getByTestId("average-mentalEffort")).toContainText("6.0");
  await expectNoSeriousA11yViolations(page);
});

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
  await expectFitsDesktopAndPhone(page, "the thin detailed metrics");
});
