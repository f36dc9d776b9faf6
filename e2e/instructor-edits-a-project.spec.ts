// A project's screen: its status, editing (a title's message shows at the field), downloading, a new
// contribution link, and deleting with a confirmation.
import fs from "node:fs";
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

test("a project's screen: status, edit, download, new link and delete with confirmation", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, instructor.email, instructor.password);
  const headers = bearer(sessionId);
  const project = await createProjectViaApi(request, sessionId, {
    title: "Campus Biodiversity",
    discipline: "biology",
    methodology: { pivotConcepts: "Sampling design" },
  });

  await signInToDashboard(page, instructor);
  await page.goto("/collaboration");
  await page.getByLabel("Project").selectOption({ label: "Campus Biodiversity" });
  await page.getByRole("link", { name: "Open Project" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
  await expect(page.getByRole("heading", { name: "Campus Biodiversity" })).toBeVisible();
  await expect(page.getByLabel("Core Concepts")).toHaveValue("Sampling design");
  const link = page.getByLabel(/Share this link with your students/);
  await expect(link).toHaveValue(new RegExp(`/contribute/${project.contributionToken}$`));
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Status").selectOption("completed");
  await expect(page.getByText("The project is now completed.", { exact: true })).toBeVisible();
  await page.getByLabel("Project Title").fill("Campus Biodiversity Survey");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("heading", { name: "Campus Biodiversity Survey" })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download Methodology" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^campus-biodiversity-survey-methodology-\d{4}-\d{2}-\d{2}\.txt$/,
  );
  const text = fs.readFileSync(await download.path(), "utf8");
  expect(text).toContain("Project: Campus Biodiversity Survey\n"); // the saved title
  // made through the API without the wizard's discipline answer, which the file prints as unfilled
  expect(text).toContain("Discipline: Not specified yet\n");
  expect(text).toContain("Core Concepts: Sampling design\n");
  expect(text).toContain("Class Size: Not specified yet\n");

  // the other formats, from the menu beside the button, by keyboard
  const formats = page.getByRole("button", { name: "More download formats" });
  await formats.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Word (.docx)" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Word (.docx)" })).toBeFocused();
  const [word] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(word.suggestedFilename()).toMatch(
    /^campus-biodiversity-survey-methodology-\d{4}-\d{2}-\d{2}\.docx$/,
  );
  expect(
    fs
      .readFileSync(await word.path())
      .subarray(0, 2)
      .toString(),
  ).toBe("PK"); // a zip: Office Open XML
  await expect(formats).toBeFocused(); // the menu closed and gave focus back
  await formats.click();
  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "PDF (.pdf)" }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^campus-biodiversity-survey-methodology-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(
    fs
      .readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  // The project as a course package an LMS imports (IMS Common Cartridge: a zip with its manifest).
  await formats.click();
  const [cartridge] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Course package for an LMS (.imscc)" }).click(),
  ]);
  expect(cartridge.suggestedFilename()).toMatch(/^campus-biodiversity-survey.*\.imscc$/);
  const packageBytes = fs.readFileSync(await cartridge.path());
  expect(packageBytes.subarray(0, 2).toString()).toBe("PK");
  expect(packageBytes.includes(Buffer.from("imsmanifest.xml"))).toBe(true);

  await page.getByRole("button", { name: "New Link" }).click();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Create New Link" }).click();
  await expect(link).not.toHaveValue(new RegExp(project.contributionToken));
  expect((await request.get(`/api/public/contributions/${project.contributionToken}`)).status()).toBe(404);

  await page.getByRole("button", { name: "Delete Project" }).click();
  await expect(page.getByText("This cannot be undone.", { exact: false })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Delete Project" }).click();
  await expect(page).toHaveURL(/\/projects$/); // back to My Projects
  expect((await request.get(`/api/projects/${project.id}`, { headers })).status()).toBe(404);
});

test("the project screen shows a title's message at the field", async ({ page, request, superAdmin }) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const sessionId = await loginViaApi(request, instructor.email, instructor.password);
  const project = await createProjectViaApi(request, sessionId, {
    title: "Soil Carbon Survey",
    discipline: "biology",
    methodology: { pivotConcepts: "Carbon cycle" },
  });
  await signInToDashboard(page, instructor);
  await page.goto(`/projects/${project.id}`);
  const title = page.getByLabel("Project Title");
  await expect(title).toHaveValue("Soil Carbon Survey");

  await title.fill("");
  await page.getByLabel("Core Concepts").fill("Carbon cycle\nSampling");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(title).toHaveAccessibleDescription("Title is required");
  await expect(title).toBeFocused();
  await expect(page.getByText("Saving failed", { exact: false })).toHaveCount(0); // no toast instead
  await expectNoSeriousA11yViolations(page);

  await title.fill("So");
  await expect(title).toHaveAccessibleDescription("Title must be at least 3 characters");
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  await title.fill("Soil Carbon Field Survey");
  await expect(title).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("heading", { name: "Soil Carbon Field Survey" })).toBeVisible();
  await expect(page.getByLabel("Core Concepts")).toHaveValue("Carbon cycle\nSampling");
  const saved = await request.get(`/api/projects/${project.id}`, { headers: bearer(sessionId) });
  expect(await saved.json()).toMatchObject({
    title: "Soil Carbon Field Survey",
    methodology: { pivotConcepts: "Carbon cycle\nSampling" },
  });
});
