import type { Locator } from "@playwright/test";
import {
  createApprovedUserViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectWithinWindowWidth,
  PHONE,
  signInToDashboard,
  test,
} from "./fixtures.ts";

/** The start of a Windows executable (MZ header, PE signature), whatever its name says. */
const EXE = Buffer.concat([
  Buffer.from("MZ"),
  Buffer.alloc(58),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from("PE\0\0"),
  Buffer.alloc(2000),
]);

/** The colour a CSS custom property of the theme resolves to, as getComputedStyle writes colours. */
const themeColour = (element: Locator, property: string) =>
  element.evaluate((node, name) => {
    const probe = document.createElement("span");
    probe.style.color = `var(${name})`;
    node.appendChild(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, property);

// An executable renamed .pdf, chosen in the Document Manager: the server refuses it, the row says
// the file is not a real PDF, and its bar shows the failed state (destructive colour, not green).
test("a file that is not what its name says is refused as not a real PDF, with a failed bar", async ({
  page,
  request,
  superAdmin,
}) => {
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  await page.setViewportSize(DESKTOP);
  await signInToDashboard(page, instructor);
  await page.goto("/documents");
  await page.getByRole("button", { name: "Upload Documents" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Documents" });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "syllabus.pdf",
    mimeType: "application/pdf",
    buffer: EXE,
  });
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  const row = dialog.getByRole("list", { name: "Files to upload" }).getByRole("listitem");
  await expect(row.getByTestId("upload-state")).toHaveText("This file is not a real PDF.");

  const bar = row.getByRole("progressbar", { name: "Upload progress of syllabus.pdf" });
  await expect(bar).toHaveAttribute("data-state", "failed");
  await expect(bar).toHaveAttribute("aria-valuetext", "Upload failed");
  const fill = bar.locator("div");
  const fillColour = await fill.evaluate((node) => getComputedStyle(node).backgroundColor);
  expect(fillColour).toBe(await themeColour(bar, "--color-destructive"));
  expect(fillColour).not.toBe(await themeColour(bar, "--color-success"));

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expect(row.getByTestId("upload-state")).toBeVisible();
    await expectWithinWindowWidth(page, dialog);
    await expectNoSeriousA11yViolations(page);
  }

  // By keyboard: the failed row's Remove button takes the file off the list.
  const removeFile = dialog.getByRole("button", { name: "Remove syllabus.pdf" });
  await removeFile.focus();
  await page.keyboard.press("Enter");
  await expect(row).toHaveCount(0);
});
