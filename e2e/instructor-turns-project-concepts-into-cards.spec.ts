// A project's screen, "Create pivot cards": pivot concepts typed one per line (as the wizard asks)
// become draft cards, each with a definition to fill in (pre-filled from "Concept: definition"),
// created together in one go and linked to the project; a card one already has is attached to the
// project. axe-core on the dialog at 1280 and 390 px; the dialog is used with the keyboard.
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
  TALL_DESKTOP,
  tabTo,
  test,
} from "./fixtures.ts";

test("concepts typed one per line become cards with definitions, created in one go; an existing card is attached", async ({
  page,
  request,
  superAdmin,
}) => {
  test.setTimeout(120_000);
  const instructor = await createApprovedUserViaApi(request, superAdmin.sessionId);
  const session = await loginViaApi(request, instructor.email, instructor.password);
  const headers = bearer(session);
  const project = await createProjectViaApi(request, session, {
    title: "Harbour Economics",
    discipline: "economics",
    methodology: {
      pivotConcepts: "Opportunity cost\nMarginal analysis\nElasticity: how much demand responds to price",
    },
  });
  const existing = await request.post("/api/pivot-cards", {
    headers,
    data: { title: "Sunk cost", discipline: "economics", definition: "A cost already paid for good." },
  });
  expect(existing.status()).toBe(201);
  const ownCards = async () =>
    (await (await request.get("/api/pivot-cards", { headers })).json()) as Array<{
      title: string;
      projectId: number | null;
    }>;

  await page.setViewportSize(TALL_DESKTOP);
  await signInToDashboard(page, instructor);
  await page.goto(`/projects/${project.id}`);
  const opener = page.getByRole("button", { name: "Create pivot cards" });
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create Pivot Cards" });
  const drafts = dialog.getByRole("list", { name: "Draft pivot cards" }).getByRole("listitem");
  await expect(drafts).toHaveCount(3);
  const card = (n: number) => dialog.getByRole("group", { name: `Card ${n}` });
  await expect(card(1).getByLabel("Title (required)")).toHaveValue("Opportunity cost");
  await expect(card(1).getByLabel("Definition (required)")).toHaveValue("");
  await expect(card(3).getByLabel("Title (required)")).toHaveValue("Elasticity");
  await expect(card(3).getByLabel("Definition (required)")).toHaveValue("how much demand responds to price");
  await expectNoSeriousA11yViolations(page);

  // Without the two definitions nothing is created; the cards missing one say so.
  await dialog.getByRole("button", { name: "Create 3 cards" }).click();
  await expect(dialog.getByText("Some cards need a title and a definition")).toBeVisible();
  await expect(card(1)).toContainText(
    "Please fill in all required fields (title, discipline, and definition).",
  );
  await expect(card(3)).not.toContainText("Please fill in all required fields");
  expect(await ownCards()).toHaveLength(1);

  // The keyboard alone: into the first definition, type, on to the next card's definition.
  await card(1).getByLabel("Definition (required)").focus();
  await page.keyboard.type("The value of the next best alternative given up.");
  await tabTo(page, card(2).getByLabel("Definition (required)"));
  await page.keyboard.type("Deciding by the cost and benefit of one more unit.");
  await tabTo(page, dialog.getByRole("button", { name: "Create 3 cards" }));
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("3 cards created.")).toBeVisible();
  const saved = await ownCards();
  expect(saved).toHaveLength(4);
  expect(
    saved
      .filter((entry) => entry.projectId === project.id)
      .map((entry) => entry.title)
      .sort(),
  ).toEqual(["Elasticity", "Marginal analysis", "Opportunity cost"]);

  // A card one already has, attached to this project.
  const attach = dialog.getByLabel("Your card");
  await expect(attach.locator("option")).toHaveText(["Choose a card", "Sunk cost (Economics)"]);
  await attach.selectOption({ label: "Sunk cost (Economics)" });
  await dialog.getByRole("button", { name: "Attach to this project" }).click();
  await expect(
    dialog.getByRole("status").filter({ hasText: '"Sunk cost" is now linked to this project.' }),
  ).toBeVisible();
  expect((await ownCards()).find((entry) => entry.title === "Sunk cost")?.projectId).toBe(project.id);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // 390 px: the dialog with its drafts, no sideways scrolling.
  await page.setViewportSize(PHONE);
  await opener.click();
  await expect(drafts).toHaveCount(3);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
