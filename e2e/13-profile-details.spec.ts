import {
  bearer,
  createApprovedUserViaApi,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  loginViaApi,
  PHONE,
  signInViaUi,
  test,
} from "./fixtures.ts";

// Issue 13, item 12: a person corrects their own name, title and department in Settings; the
// institution changes only through an administrator; the Profile screen stays read-only.

test("a person corrects their name, title and department in Settings; the institution stays with the administrator", async ({
  page,
  request,
  superAdmin,
}) => {
  const member = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    name: "Pat Typo",
    title: "Asociate Professor",
    department: "Mechanical Engeneering",
    institution: "Lakeside Polytechnic",
  });
  await signInViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The Profile screen is read-only and says where to correct the details.
  await page.goto("/profile");
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);

  const card = page.getByRole("region", { name: "Profile Details" });
  await expect(card.getByLabel("Full Name")).toHaveValue("Pat Typo");
  await expect(card.getByLabel("Title")).toHaveValue("Asociate Professor");
  await expect(card.getByLabel("Department")).toHaveValue("Mechanical Engeneering");
  const institution = card.getByLabel("Institution");
  await expect(institution).toHaveValue("Lakeside Polytechnic");
  await expect(institution).not.toBeEditable();
  await expect(card.getByText("Only an administrator can change your institution.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The registration's messages for an empty field (spec A §5).
  await card.getByLabel("Full Name").fill("   ");
  await card.getByLabel("Department").fill("");
  await card.getByRole("button", { name: "Save Profile" }).click();
  await expect(card.getByText("Name is required")).toBeVisible();
  await expect(card.getByText("Department is required")).toBeVisible();
  await expect(card.getByLabel("Full Name")).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await card.getByLabel("Full Name").fill("Pat Typeright");
  await card.getByLabel("Title").fill("Associate Professor");
  await card.getByLabel("Department").fill("Mechanical Engineering");
  await card.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile Updated", { exact: true }).first()).toBeVisible();

  // The top bar shows the new name at once; the Profile screen after a reload.
  await page.getByRole("button", { name: "User menu" }).click();
  await expect(page.getByRole("menu").getByText("Pat Typeright")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.goto("/profile");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Pat Typeright" })).toBeVisible();
  await expect(page.getByText("Associate Professor", { exact: true })).toBeVisible();
  await expect(page.getByText("Mechanical Engineering", { exact: true })).toBeVisible();
  await expect(page.getByText("Lakeside Polytechnic", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The institution only through an administrator: the API refuses the member's own move.
  const sessionId = await loginViaApi(request, member.email, member.password);
  const moved = await request.put(`/api/faculty/${member.id}`, {
    headers: bearer(sessionId),
    data: { institution: "Another University" },
  });
  expect(moved.status()).toBe(403);

  // A phone-sized screen.
  await page.setViewportSize(PHONE);
  await page.goto("/settings");
  await expect(card.getByLabel("Full Name")).toHaveValue("Pat Typeright");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.goto("/profile");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
