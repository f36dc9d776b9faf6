import fs from "node:fs";
import type { Page } from "@playwright/test";
import { PEER_DIMENSIONS } from "../src/shared/domain/peer-dimensions.ts";
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

/** Rates one person (a region headed "You" or their name) at one level on all five dimensions. */
async function rate(page: Page, person: string, level: number) {
  const region = page.getByRole("region", { name: person, exact: true });
  for (const dimension of PEER_DIMENSIONS) {
    await region
      .getByRole("group", { name: dimension.title })
      .getByLabel(String(level), { exact: true })
      .check();
  }
}

// A team of two, formed and published by API; the instructor opens the milestone's peer
// evaluation; Ana (desktop) and Ben (phone) rate themselves and each other; the instructor sees
// the factors and Ben's flag, rewords Ana's comment and releases; Ben reads the edited comment.
test("two teammates rate each other and the instructor releases their comments", async ({
  browser,
  request,
  superAdmin,
}) => {
  test.setTimeout(45_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId, { name: "Pia Peers" });
  const session = await loginViaApi(request, instructor.email, instructor.password);
  const auth = { headers: bearer(session) };
  const project = await createProjectViaApi(request, session, {
    title: "Water Filter",
    discipline: "physics",
  });
  const ana = await joinedStudentViaApi(request, superAdmin.sessionId, project.joinCode, { name: "Ana" });
  const ben = await joinedStudentViaApi(request, superAdmin.sessionId, project.joinCode, { name: "Ben" });
  await expectOk(
    request.post(`/api/projects/${project.id}/teams/form`, { ...auth, data: { size: 2, method: "random" } }),
  );
  await expectOk(
    request.put(`/api/projects/${project.id}/teams/published`, { ...auth, data: { published: true } }),
  );
  const milestone = await request.post(`/api/projects/${project.id}/milestones`, {
    ...auth,
    data: { title: "Prototype", stage: "launch", dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString() },
  });
  expect(milestone.status(), await milestone.text()).toBe(201);
  const milestoneId = (await milestone.json()).id as number;

  // The instructor opens the evaluation, with each student's factor shown.
  const owner = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInToDashboard(owner, instructor);
  await owner.goto(`/projects/${project.id}/milestones/${milestoneId}`);
  await owner.getByRole("button", { name: "Open peer evaluation" }).click();
  const opening = owner.getByRole("dialog", { name: "Open peer evaluation" });
  await opening.getByLabel("Show each student their own factor").check();
  await expectNoSeriousA11yViolations(owner);
  await opening.getByRole("button", { name: "Open peer evaluation" }).click();
  await expect(opening).toHaveCount(0);
  await expect(owner.getByText(/^Closes on/)).toBeVisible();

  // Ana rates herself and Ben on a desktop; the form asks for every rating first.
  const anaPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInViaUi(anaPage, ana.email, ana.password);
  await expect(anaPage).toHaveURL(/\/student/);
  await anaPage.goto(`/student/projects/${project.id}/milestones/${milestoneId}`);
  await expect(anaPage.getByRole("heading", { name: "Rate your team" })).toBeVisible();
  await rate(anaPage, "You", 4);
  await anaPage.getByRole("button", { name: "Save ratings" }).click();
  await expect(anaPage.getByRole("alert")).toContainText("Rate Ben on");
  await rate(anaPage, "Ben", 2);
  await anaPage.getByLabel("Comment for Ben (optional)").fill("Ben never came to a meeting, lazy.");
  await expectNoSeriousA11yViolations(anaPage);
  await anaPage.getByRole("button", { name: "Save ratings" }).click();
  await expect(anaPage.getByRole("status").filter({ hasText: "Ratings saved" })).toBeVisible();

  // Ben rates on a phone.
  const benPage = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInViaUi(benPage, ben.email, ben.password);
  await expect(benPage).toHaveURL(/\/student/);
  await benPage.goto(`/student/projects/${project.id}/milestones/${milestoneId}`);
  await rate(benPage, "You", 5);
  // By keyboard: Space picks a level, the arrow keys move it.
  const contributing = benPage
    .getByRole("region", { name: "Ana", exact: true })
    .getByRole("group", { name: "Contributing to the team's work" });
  await contributing.getByLabel("1", { exact: true }).focus();
  await benPage.keyboard.press("Space");
  for (let step = 0; step < 3; step += 1) await benPage.keyboard.press("ArrowRight");
  await expect(contributing.getByLabel("4", { exact: true })).toBeChecked();
  await rate(benPage, "Ana", 4);
  await benPage.getByRole("button", { name: "Save ratings" }).click();
  await expect(benPage.getByRole("status").filter({ hasText: "Ratings saved" })).toBeVisible();
  await expectNoSeriousA11yViolations(benPage);
  await expectNoSidewaysScroll(benPage, "the student's rating form");

  // The instructor sees the factors and Ben's flags, rewords Ana's comment and releases.
  await owner.reload();
  const table = owner.getByRole("table", { name: /Ratings, factors and scores/ });
  const benRow = table.getByRole("row", { name: /^Ben/ });
  await expect(benRow.getByRole("cell").nth(1)).toHaveText("2.0");
  await expect(benRow.getByRole("cell").nth(3)).toHaveText(/^0\.\d\d/);
  await expect(table.getByRole("row", { name: /^Ana/ }).getByRole("cell").nth(3)).toHaveText(/^1\.\d\d/);
  await expect(benRow.getByText("Low performer")).toBeVisible();
  await expect(benRow.getByText("Overconfident")).toBeVisible();
  await expectNoSeriousA11yViolations(owner);
  await owner.setViewportSize(PHONE);
  await expectNoSidewaysScroll(owner, "the owner's peer evaluation");
  await owner.setViewportSize(DESKTOP);
  await owner.getByRole("button", { name: "Edit Ana's comment to Ben" }).click();
  const editing = owner.getByRole("dialog", { name: "Edit Ana's comment to Ben" });
  await editing.getByLabel("Comment").fill("Please come to the team's meetings.");
  await expectNoSeriousA11yViolations(owner);
  await editing.getByRole("button", { name: "Save comment" }).click();
  await expect(editing).toHaveCount(0);
  await expect(owner.getByText("Written: Ben never came to a meeting, lazy.")).toBeVisible();
  await owner.getByRole("button", { name: "Release comments" }).press("Enter");
  const confirming = owner.getByRole("dialog", { name: "Release comments?" });
  await expectNoSeriousA11yViolations(owner);
  await confirming.getByRole("button", { name: "Release comments" }).press("Enter");
  await expect(owner.getByText(/^Comments released:/)).toBeVisible();
  const [csv] = await Promise.all([
    owner.waitForEvent("download"),
    owner.getByRole("button", { name: "Peer evaluation (.csv)" }).click(),
  ]);
  expect(fs.readFileSync(await csv.path(), "utf8")).toMatch(/^\uFEFFTeam,Student,Self,Received/);

  // Ben reads the edited comment, without Ana's name, and his factor.
  await benPage.reload();
  const released = benPage.getByRole("region", { name: "Rate your team" });
  await expect(released.getByRole("heading", { name: "What your teammates wrote" })).toBeVisible();
  await expect(released.getByText("Please come to the team's meetings.")).toBeVisible();
  await expect(released.getByText("lazy")).toHaveCount(0);
  await expect(released.getByText(/^Your factor: 0\.\d\d$/)).toBeVisible();
  await expectNoSeriousA11yViolations(benPage);
  await expectNoSidewaysScroll(benPage, "the student's released comments");
});
