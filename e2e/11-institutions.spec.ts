import {
  bearer,
  createApprovedUserViaApi,
  expect,
  expectNoSeriousA11yViolations,
  loginViaApi,
  signInViaUi,
  test,
} from "./fixtures.ts";

// Issue 10: a person cannot move themselves to another institution (its members share its
// integrations); the Super Admin moves accounts from User Administration.
test("only the Super Admin moves an account to another institution", async ({
  page,
  request,
  superAdmin,
}) => {
  const member = await createApprovedUserViaApi(request, superAdmin.sessionId, {
    name: "Mona Mover",
    institution: "Example State University",
  });
  const memberSession = await loginViaApi(request, member.email, member.password);
  const self = await request.put(`/api/faculty/${member.id}`, {
    headers: bearer(memberSession),
    data: { institution: "Another University" },
  });
  expect(self.status()).toBe(403);

  await signInViaUi(page, superAdmin.user.email, superAdmin.user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin/users");
  await page.getByRole("tab", { name: /Approved/ }).click();
  // Accounts come 20 to a page: find this one as an administrator would.
  await page.getByLabel("Search accounts").fill(member.email);
  const card = page.getByRole("listitem").filter({ hasText: member.email });
  await card.getByRole("button", { name: "Change institution of Mona Mover" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Mona Mover's institution" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const field = dialog.getByLabel("Institution");
  await field.fill("");
  await dialog.getByRole("button", { name: "Save Institution" }).click();
  await expect(dialog.getByText("Institution cannot be empty")).toBeVisible();
  await field.fill("Another University");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Institution Updated", { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(card).toContainText("Another University");

  const me = await request.get("/api/auth/me", { headers: bearer(memberSession) });
  expect((await me.json()).faculty.institution).toBe("Another University");
});
