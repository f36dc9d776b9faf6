import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { default_w, forgetting_curve } from "ts-fsrs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PIVOT_MESSAGES } from "#shared/schemas/pivot-assets.ts";
import { bearer, createProjectViaApi, signedInFaculty, signIn } from "../../test/factories.ts";
import { type OpenAiStub, STUB_MODEL, startOpenAiStub, stubOpenAiConfig } from "../../test/openai-stub.ts";
import { createTestApp, createTestClock, type TestApp } from "../../test/test-app.ts";
import { pivotCardTable, retrievalItemTable, retrievalReviewTable } from "./pivot-assets.table.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let stub: OpenAiStub;
type Person = Awaited<ReturnType<typeof signedInFaculty>>;
let alice: Person;
let bob: Person;
let student: Person;

beforeAll(async () => {
  stub = await startOpenAiStub();
  t = await createTestApp({ config: { openai: stubOpenAiConfig(stub.baseUrl) } });
  alice = await signedInFaculty(t.app, t.database.db);
  bob = await signedInFaculty(t.app, t.database.db);
  student = await signedInFaculty(t.app, t.database.db, { role: "student" });
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
const as = (who: Person, method: InjectOptions["method"], url: string, payload?: unknown) =>
  inject({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const cardInput = (overrides: Record<string, unknown> = {}) => ({
  title: "Opportunity cost",
  discipline: "economics",
  definition: "The value of the next best alternative given up.",
  ...overrides,
});

async function newPerson() {
  return signedInFaculty(t.app, t.database.db);
}
async function createCard(who: Person, overrides: Record<string, unknown> = {}) {
  const reply = await as(who, "POST", "/api/pivot-cards", cardInput(overrides));
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json();
}
async function createFlashcard(who: Person, pivotCardId: number, question = "What is it?") {
  const reply = await as(who, "POST", "/api/retrieval-items", {
    pivotCardId,
    type: "flashcard",
    question,
    answer: "This.",
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json();
}
const grade = async (who: Person, id: number, rating: number) => {
  const reply = await as(who, "POST", `/api/retrieval-items/${id}/reviews`, { rating });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json();
};
/** Moves the clock; sessions expire as time passes, so the people sign in again. */
async function travel(ms: number, ...people: Person[]) {
  t.clock.advance(ms);
  for (const who of [...people, alice, bob, student])
    who.headers = bearer(await signIn(t.app, who.faculty.email, who.faculty.password));
}
const stats = async (who: Person, tz = "UTC") =>
  (await as(who, "GET", `/api/pivot-assets/stats?tz=${tz}`)).json();

describe("pivot cards (spec B §3, §5)", () => {
  it("saves a card with the spec's trimming and defaults and answers the success text", async () => {
    const reply = await as(alice, "POST", "/api/pivot-cards", {
      ...cardInput({ title: "  Opportunity cost  " }),
      constraints: "   ",
      misconceptions: " it is money only, , it is the sum of all alternatives ,",
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      title: "Opportunity cost",
      discipline: "economics",
      disciplineLabel: "Economics",
      constraints: "Not specified",
      minimalExample: "Not provided",
      counterExample: "Not provided",
      misconceptions: ["it is money only", "it is the sum of all alternatives"],
      retrievalCount: 0,
      masteryLevel: 0,
      masteryColour: "red",
      createdAt: "2026-09-01",
      message: 'Successfully created pivot card: "Opportunity cost"',
    });
  });

  it.each([
    ["title missing", { title: undefined }],
    ["title blank", { title: "   " }],
    ["discipline blank", { discipline: "" }],
    ["definition missing", { definition: undefined }],
  ])("refuses a card with %s with the spec's message", async (_name, overrides) => {
    const reply = await as(alice, "POST", "/api/pivot-cards", cardInput(overrides));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(PIVOT_MESSAGES.cardRequired);
  });

  it("refuses an unknown discipline, and accepts a label for a value", async () => {
    const unknown = await as(alice, "POST", "/api/pivot-cards", cardInput({ discipline: "astrology" }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(PIVOT_MESSAGES.unknownDiscipline);
    expect((await createCard(alice, { discipline: "Data Science" })).discipline).toBe("data-science");
  });

  it("updates, lists, searches, filters and deletes one's own cards", async () => {
    const carol = await newPerson();
    const one = await createCard(carol, { title: "Entropy", discipline: "chemistry" });
    await createCard(carol, { title: "Supply", discipline: "economics", definition: "How much is offered." });
    const put = await as(
      carol,
      "PUT",
      `/api/pivot-cards/${one.id}`,
      cardInput({ title: "Entropy (S)", discipline: "chemistry", misconceptions: ["disorder only"] }),
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ title: "Entropy (S)", misconceptions: ["disorder only"] });
    expect(
      (await as(carol, "GET", "/api/pivot-cards")).json().map((c: { title: string }) => c.title),
    ).toEqual(["Supply", "Entropy (S)"]);
    expect((await as(carol, "GET", "/api/pivot-cards?q=offered")).json()).toHaveLength(1);
    expect((await as(carol, "GET", "/api/pivot-cards?discipline=chemistry")).json()[0].id).toBe(one.id);
    expect((await as(carol, "DELETE", `/api/pivot-cards/${one.id}`)).statusCode).toBe(204);
    expect((await as(carol, "GET", `/api/pivot-cards/${one.id}`)).statusCode).toBe(404);
  });

  it("links a card to one's own project only, and drafts cards from the project's pivot concepts", async () => {
    const project = await createProjectViaApi(t.app, alice.headers, {
      methodology: {
        ...(await createProjectViaApi(t.app, alice.headers)).methodology,
        pivotConcepts: "Opportunity cost: what is given up\nMarginal analysis\n\n- Elasticity",
      },
    } as never);
    const drafts = await as(alice, "GET", `/api/pivot-cards/drafts/project/${project.id}`);
    expect(drafts.statusCode).toBe(200);
    expect(drafts.json().map((d: { title: string }) => d.title)).toEqual([
      "Opportunity cost",
      "Marginal analysis",
      "Elasticity",
    ]);
    expect(drafts.json()[0]).toMatchObject({ definition: "what is given up", projectId: project.id });
    expect((await createCard(alice, { projectId: project.id })).projectId).toBe(project.id);
    expect((await as(bob, "POST", "/api/pivot-cards", cardInput({ projectId: project.id }))).statusCode).toBe(
      404,
    );
    expect((await as(bob, "GET", `/api/pivot-cards/drafts/project/${project.id}`)).statusCode).toBe(404);
  });
});

describe("a project's cards", () => {
  it("creates a project's drafts in one go, all or none, linked to one's own project only", async () => {
    const kit = await newPerson();
    const project = await createProjectViaApi(t.app, kit.headers);
    const cards = [
      cardInput({ title: "Opportunity cost", projectId: project.id }),
      cardInput({
        title: "Marginal analysis",
        definition: "Deciding on one more unit.",
        projectId: project.id,
      }),
    ];
    const made = await as(kit, "POST", "/api/pivot-cards/batch", { cards });
    expect(made.statusCode, made.body).toBe(201);
    expect(
      made.json().map((card: { title: string; projectId: number }) => [card.title, card.projectId]),
    ).toEqual([
      ["Opportunity cost", project.id],
      ["Marginal analysis", project.id],
    ]);

    // One card without a definition: a 400 naming the rule, and none of them is saved.
    const missing = await as(kit, "POST", "/api/pivot-cards/batch", {
      cards: [cardInput({ title: "Elasticity" }), cardInput({ title: "Supply", definition: "  " })],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(PIVOT_MESSAGES.cardRequired);
    expect((await as(kit, "POST", "/api/pivot-cards/batch", { cards: [] })).statusCode).toBe(400);
    expect(
      (await as(bob, "POST", "/api/pivot-cards/batch", { cards: [cardInput({ projectId: project.id })] }))
        .statusCode,
    ).toBe(404);
    expect((await as(student, "POST", "/api/pivot-cards/batch", { cards: [cardInput()] })).statusCode).toBe(
      403,
    );
    expect((await as(kit, "GET", "/api/pivot-cards")).json()).toHaveLength(2);
  });

  it("attaches an existing card to one's own project and detaches it, checking both are one's own", async () => {
    const lou = await newPerson();
    const project = await createProjectViaApi(t.app, lou.headers);
    const card = await createCard(lou, { title: "Sunk cost" });
    expect(card.projectId).toBeNull();
    const attached = await as(lou, "PUT", `/api/pivot-cards/${card.id}/project`, { projectId: project.id });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toMatchObject({ id: card.id, title: "Sunk cost", projectId: project.id });
    expect((await as(lou, "GET", `/api/pivot-cards/${card.id}`)).json().projectId).toBe(project.id);

    const bobsProject = await createProjectViaApi(t.app, bob.headers);
    expect(
      (await as(lou, "PUT", `/api/pivot-cards/${card.id}/project`, { projectId: bobsProject.id })).statusCode,
    ).toBe(404);
    expect(
      (await as(bob, "PUT", `/api/pivot-cards/${card.id}/project`, { projectId: bobsProject.id })).statusCode,
    ).toBe(404);
    expect(
      (await as(student, "PUT", `/api/pivot-cards/${card.id}/project`, { projectId: project.id })).statusCode,
    ).toBe(403);
    const bad = await as(lou, "PUT", `/api/pivot-cards/${card.id}/project`, { projectId: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    expect((await as(lou, "GET", `/api/pivot-cards/${card.id}`)).json().projectId).toBe(project.id);

    const detached = await as(lou, "PUT", `/api/pivot-cards/${card.id}/project`, { projectId: null });
    expect(detached.statusCode).toBe(200);
    expect(detached.json().projectId).toBeNull();
  });
});

describe("disciplines (spec B §5)", () => {
  it("lists the built-in ones, adds one's own with a hyphenated value, refuses empty and duplicates", async () => {
    const dana = await newPerson();
    const list = (await as(dana, "GET", "/api/disciplines")).json();
    expect(list).toHaveLength(16);
    expect(list[0]).toEqual({ value: "fintech", label: "Fintech", builtIn: true });
    const created = await as(dana, "POST", "/api/disciplines", { name: "  Marine Ecology " });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ value: "marine-ecology", label: "Marine Ecology" });
    for (const name of ["marine ecology", "MARINE-ECOLOGY", "visual arts", "Data Science"]) {
      const dup = await as(dana, "POST", "/api/disciplines", { name });
      expect(dup.statusCode, name).toBe(409);
      expect(dup.json().message).toBe(PIVOT_MESSAGES.disciplineDuplicate);
    }
    for (const payload of [{ name: "   " }, {}]) {
      const empty = await as(dana, "POST", "/api/disciplines", payload);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(PIVOT_MESSAGES.disciplineEmpty);
    }
    // Another person's list does not have it; a card may use it.
    expect((await as(bob, "GET", "/api/disciplines")).json()).toHaveLength(16);
    expect((await createCard(dana, { discipline: "marine-ecology" })).disciplineLabel).toBe("Marine Ecology");
  });
});

describe("worked examples and retrieval items", () => {
  it("creates, reads, updates and deletes a worked example linked to a card", async () => {
    const card = await createCard(alice);
    const created = await as(alice, "POST", "/api/worked-examples", {
      pivotCardId: card.id,
      title: "Choosing a degree",
      steps: ["List the options", " ", "Price the next best"],
      selfExplanationPrompts: ["Why is tuition not the whole cost?"],
      completionProblem: "Finish for a gap year.",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      pivotCardTitle: "Opportunity cost",
      steps: ["List the options", "Price the next best"],
    });
    const id = created.json().id;
    const noSteps = await as(alice, "POST", "/api/worked-examples", {
      pivotCardId: card.id,
      title: "x",
      steps: [],
    });
    expect(noSteps.json().message).toBe("Add at least one step");
    const put = await as(alice, "PUT", `/api/worked-examples/${id}`, {
      pivotCardId: card.id,
      title: "Renamed",
      steps: ["One"],
    });
    expect(put.json()).toMatchObject({ title: "Renamed", steps: ["One"], selfExplanationPrompts: [] });
    expect((await as(alice, "GET", `/api/worked-examples?pivotCardId=${card.id}`)).json()).toHaveLength(1);
    expect((await as(alice, "DELETE", `/api/worked-examples/${id}`)).statusCode).toBe(204);
    expect((await as(alice, "GET", `/api/worked-examples/${id}`)).statusCode).toBe(404);
  });

  it("validates flashcards and concept checks (2 to 6 options, a correct index among them)", async () => {
    const card = await createCard(alice);
    const check = (payload: Record<string, unknown>) =>
      as(alice, "POST", "/api/retrieval-items", { pivotCardId: card.id, question: "Q?", ...payload });
    const ok = await check({ type: "concept-check", options: ["A", "B", "C"], correctIndex: 2 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      type: "concept-check",
      options: ["A", "B", "C"],
      correctIndex: 2,
      answer: null,
      state: "new",
      difficulty: null,
      lastShown: null,
    });
    expect((await check({ type: "concept-check", options: ["A"], correctIndex: 0 })).json().message).toBe(
      "A concept check needs 2 to 6 options",
    );
    expect(
      (
        await check({ type: "concept-check", options: ["A", "B", "C", "D", "E", "F", "G"], correctIndex: 0 })
      ).json().message,
    ).toBe("A concept check needs 2 to 6 options");
    expect(
      (await check({ type: "concept-check", options: ["A", "B"], correctIndex: 2 })).json().message,
    ).toBe("Choose the correct option");
    expect((await check({ type: "flashcard", answer: " " })).json().message).toBe("Answer is required");
    expect((await check({ type: "essay" })).statusCode).toBe(400);
    const id = ok.json().id;
    const put = await as(alice, "PUT", `/api/retrieval-items/${id}`, {
      pivotCardId: card.id,
      type: "flashcard",
      question: "Now?",
      answer: "Yes",
    });
    expect(put.json()).toMatchObject({ type: "flashcard", answer: "Yes", options: null });
    expect((await as(alice, "DELETE", `/api/retrieval-items/${id}`)).statusCode).toBe(204);
  });
});

describe("owner-only access", () => {
  it("answers 404 to another instructor and 403 to a student on every route", async () => {
    const card = await createCard(alice);
    const item = await createFlashcard(alice, card.id);
    const example = (
      await as(alice, "POST", "/api/worked-examples", { pivotCardId: card.id, title: "E", steps: ["s"] })
    ).json();
    const owned: Array<[InjectOptions["method"], string, unknown?]> = [
      ["GET", `/api/pivot-cards/${card.id}`],
      ["PUT", `/api/pivot-cards/${card.id}`, cardInput()],
      ["DELETE", `/api/pivot-cards/${card.id}`],
      ["POST", `/api/pivot-cards/${card.id}/suggestions`],
      ["GET", `/api/worked-examples/${example.id}`],
      ["PUT", `/api/worked-examples/${example.id}`, { pivotCardId: card.id, title: "E", steps: ["s"] }],
      ["DELETE", `/api/worked-examples/${example.id}`],
      ["GET", `/api/retrieval-items/${item.id}`],
      [
        "PUT",
        `/api/retrieval-items/${item.id}`,
        { pivotCardId: card.id, type: "flashcard", question: "q", answer: "a" },
      ],
      ["POST", `/api/retrieval-items/${item.id}/reviews`, { rating: 3 }],
      ["DELETE", `/api/retrieval-items/${item.id}/reviews/last`],
      ["DELETE", `/api/retrieval-items/${item.id}`],
      // Bob may not hang his example or item on Alice's card either.
      ["POST", "/api/worked-examples", { pivotCardId: card.id, title: "E", steps: ["s"] }],
      [
        "POST",
        "/api/retrieval-items",
        { pivotCardId: card.id, type: "flashcard", question: "q", answer: "a" },
      ],
      [
        "POST",
        "/api/retrieval-items/accepted",
        { items: [{ pivotCardId: card.id, type: "flashcard", question: "q", answer: "a" }] },
      ],
    ];
    for (const [method, url, payload] of owned) {
      expect((await as(bob, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
      expect((await as(student, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const url of [
      "/api/pivot-cards",
      "/api/disciplines",
      "/api/worked-examples",
      "/api/retrieval-items",
      "/api/retrieval-items/due",
      "/api/pivot-assets/stats",
      "/api/pivot-cards/export",
    ]) {
      expect((await as(student, "GET", url)).statusCode, url).toBe(403);
      const reply = await as(bob, "GET", url);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body, url).not.toContain("Opportunity cost");
    }
    expect((await as(alice, "GET", `/api/retrieval-items/${item.id}`)).json().reps).toBe(0);
    expect((await as(alice, "GET", `/api/pivot-cards/${card.id}`)).statusCode).toBe(200);
  });
});

describe("scheduling with FSRS", () => {
  it("Good schedules later than Hard, Again brings it back within the day, overdue follows the clock, undo restores", async () => {
    const erin = await newPerson();
    const card = await createCard(erin);
    const [good, hard, again] = [
      await createFlashcard(erin, card.id, "good"),
      await createFlashcard(erin, card.id, "hard"),
      await createFlashcard(erin, card.id, "again"),
    ];
    expect((await as(erin, "GET", "/api/retrieval-items/due")).json().total).toBe(3);
    expect(good.intervals.good).toMatch(/^\d+(\.\d)? (min|h|d|mo|y)$/);
    // Graduate two items past the learning steps, then grade them Good and Hard from review state.
    for (const item of [good, hard, again]) await grade(erin, item.id, 3);
    t.clock.advance(DAY);
    const start = t.clock.now().getTime();
    const afterGood = await grade(erin, good.id, 3);
    const afterHard = await grade(erin, hard.id, 2);
    const afterAgain = await grade(erin, again.id, 1);
    expect(afterGood.state).toBe("review");
    expect(new Date(afterGood.nextDue).getTime()).toBeGreaterThan(new Date(afterHard.nextDue).getTime());
    expect(new Date(afterAgain.nextDue).getTime() - start).toBeLessThan(DAY);
    expect(afterGood.lastShown).toBe(new Date(start).toISOString());
    expect(afterGood.reps).toBe(2);

    const before = await stats(erin);
    expect(before.overdue).toBe(0);
    await travel(new Date(afterGood.nextDue).getTime() - start + DAY, erin);
    const after = await stats(erin);
    expect(after.overdue).toBeGreaterThanOrEqual(1);
    expect((await as(erin, "GET", `/api/retrieval-items/${good.id}`)).json().overdue).toBe(true);

    // Undo the last review of "again": back to the state it had after its first Good.
    const undone = await as(erin, "DELETE", `/api/retrieval-items/${again.id}/reviews/last`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ reps: 1 });
    const first = await as(erin, "DELETE", `/api/retrieval-items/${again.id}/reviews/last`);
    expect(first.json()).toMatchObject({ reps: 0, state: "new", lastShown: null, difficulty: null });
    const none = await as(erin, "DELETE", `/api/retrieval-items/${again.id}/reviews/last`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(PIVOT_MESSAGES.nothingToUndo);
    expect(
      (await as(erin, "POST", `/api/retrieval-items/${good.id}/reviews`, { rating: 5 })).json().message,
    ).toBe("Rating must be 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)");
  });

  it("applies two grades sent at once one after the other, each with its log row", async () => {
    const pat = await newPerson();
    const card = await createCard(pat);
    const item = await createFlashcard(pat, card.id);
    const replies = await Promise.all([
      as(pat, "POST", `/api/retrieval-items/${item.id}/reviews`, { rating: 3 }),
      as(pat, "POST", `/api/retrieval-items/${item.id}/reviews`, { rating: 3 }),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201]);
    expect((await as(pat, "GET", `/api/retrieval-items/${item.id}`)).json().reps).toBe(2);
    expect((await as(pat, "DELETE", `/api/retrieval-items/${item.id}/reviews/last`)).json().reps).toBe(1);
    expect((await as(pat, "DELETE", `/api/retrieval-items/${item.id}/reviews/last`)).json().reps).toBe(0);
  });

  it("interleaves disciplines in the due list and counts all that is due", async () => {
    const finn = await newPerson();
    const econ = await createCard(finn, { discipline: "economics" });
    const chem = await createCard(finn, { discipline: "chemistry", title: "Entropy" });
    for (let i = 0; i < 3; i++) await createFlashcard(finn, econ.id, `econ ${i}`);
    t.clock.advance(1000);
    for (let i = 0; i < 2; i++) await createFlashcard(finn, chem.id, `chem ${i}`);
    const due = (await as(finn, "GET", "/api/retrieval-items/due?limit=4")).json();
    expect(due.total).toBe(5);
    expect(due.items.map((i: { discipline: string }) => i.discipline)).toEqual([
      "economics",
      "chemistry",
      "economics",
      "chemistry",
    ]);
    const bad = await as(finn, "GET", "/api/retrieval-items/due?tz=Mars/Olympus");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Time zone must be an IANA name such as Europe/Paris");
  });

  it("keeps the desired retention between 0.7 and 0.97, and a higher one schedules sooner", async () => {
    const gail = await newPerson();
    expect((await as(gail, "GET", "/api/pivot-assets/settings")).json()).toEqual({ desiredRetention: 0.9 });
    for (const value of [0.5, 0.99]) {
      const reply = await as(gail, "PUT", "/api/pivot-assets/settings", { desiredRetention: value });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe("Desired retention must be between 0.7 and 0.97");
    }
    const card = await createCard(gail);
    const item = await createFlashcard(gail, card.id);
    await grade(gail, item.id, 3);
    t.clock.advance(DAY);
    const lax = (await as(gail, "GET", `/api/retrieval-items/${item.id}`)).json().intervals.easy;
    expect((await as(gail, "PUT", "/api/pivot-assets/settings", { desiredRetention: 0.97 })).json()).toEqual({
      desiredRetention: 0.97,
    });
    const strict = (await as(gail, "GET", `/api/retrieval-items/${item.id}`)).json().intervals.easy;
    expect(strict).not.toBe(lax);
    const days = (label: string) =>
      Number.parseFloat(label) * (label.endsWith("mo") ? 30 : label.endsWith(" y") ? 365 : 1);
    expect(days(strict)).toBeLessThan(days(lax));
  });
});

describe("figures", () => {
  it("answers the known figures of a seeded history in the person's time zone", async () => {
    const hana = await newPerson();
    const empty = await stats(hana);
    expect(empty).toMatchObject({
      dueToday: 0,
      overdue: 0,
      completedThisWeek: 0,
      averageMastery: null,
      retrievalAdherence: null,
      retrievalAdherenceReason: PIVOT_MESSAGES.noAdherence,
      cognitiveLoad: null,
      cognitiveLoadReason: "No check-ins yet",
    });
    const card = await createCard(hana);
    const other = await createCard(hana, { title: "Never practised" });
    const a = await createFlashcard(hana, card.id, "a");
    const b = await createFlashcard(hana, card.id, "b");
    await createFlashcard(hana, other.id, "c");
    // Two new items on card, one on other: all due today (new), none overdue, mastery 0 everywhere.
    expect(await stats(hana)).toMatchObject({
      dueToday: 3,
      overdue: 0,
      averageMastery: 0,
      atRiskConcepts: 2,
    });
    // Grade both of card's items Easy: they graduate to days ahead; completed this week = 2.
    const ea = await grade(hana, a.id, 4);
    await grade(hana, b.id, 4);
    const now = await stats(hana);
    expect(now).toMatchObject({ dueToday: 1, completedThisWeek: 2, overdue: 0 });
    const cardFigure = now.progression.find((p: { pivotCardId: number }) => p.pivotCardId === card.id);
    // Mastery is recall 30 days after the last review (ts-fsrs's forgetting curve), not recall now:
    // one Easy review of a new item gives it the stability w[3] (8.2956 days), so it is developing.
    const easyOnce = forgetting_curve(default_w, 30, default_w[3] as number);
    expect(cardFigure.masteryLevel).toBeCloseTo(easyOnce, 7);
    expect(cardFigure.masteryColour).toBe("amber");
    expect(now.averageMastery).toBeCloseTo(easyOnce / 2, 7);
    expect(now.atRiskConcepts).toBe(1);
    // First reviews of new items are not due occasions: adherence still has none.
    expect(now.retrievalAdherence).toBeNull();

    // Move to the day a is due and review it on time, leave b unreviewed until it is overdue.
    const dueA = new Date(ea.nextDue).getTime();
    await travel(dueA - t.clock.now().getTime() + HOUR, hana);
    await grade(hana, a.id, 3);
    await travel(2 * DAY, hana);
    const later = await stats(hana);
    // a on time (1), b missed (its due fell before today): 1 / 2.
    expect(later.retrievalAdherence).toBeCloseTo(0.5, 5);
    expect(later.overdue).toBeGreaterThanOrEqual(1);
    const cardLater = later.progression.find((p: { pivotCardId: number }) => p.pivotCardId === card.id);
    expect(cardLater.masteryLevel).toBeGreaterThan(0);
    expect(cardLater.masteryLevel).toBeLessThan(1);
    // The card list answers the same mastery and counts reviews.
    const listed = (await as(hana, "GET", "/api/pivot-cards"))
      .json()
      .find((c: { id: number }) => c.id === card.id);
    expect(listed.masteryLevel).toBeCloseTo(cardLater.masteryLevel, 2);
    expect(listed.retrievalCount).toBe(3);
    // The card's mastery is the mean of ts-fsrs's forgetting curve 30 days on, item by item, from
    // the stabilities the reviews stored.
    const stored = await t.database.db
      .select({ stability: retrievalItemTable.stability })
      .from(retrievalItemTable)
      .where(eq(retrievalItemTable.pivotCardId, card.id));
    expect(stored).toHaveLength(2);
    const mean =
      stored.reduce((sum, item) => sum + forgetting_curve(default_w, 30, item.stability), 0) / stored.length;
    expect(listed.masteryLevel).toBeCloseTo(mean, 7);
  });

  it("counts Due Today and Completed this week against the person's own day", async () => {
    // The clock: find a moment 23:30 UTC, which is already tomorrow in Tokyo (UTC+9).
    const ivan = await newPerson();
    const card = await createCard(ivan);
    const item = await createFlashcard(ivan, card.id);
    await grade(ivan, item.id, 1);
    const current = t.clock.now();
    const target = Date.UTC(current.getUTCFullYear(), current.getUTCMonth(), current.getUTCDate(), 23, 30);
    await travel((target > current.getTime() ? target : target + DAY) - current.getTime(), ivan);
    const utc = await stats(ivan, "UTC");
    const tokyo = await stats(ivan, "Asia/Tokyo");
    // The Again review a moment ago is due in minutes: Due Today counts it in UTC; in Tokyo its
    // due is also today there. The review happened "yesterday" in neither zone if within the week.
    expect(utc.timeZone).toBe("UTC");
    expect(tokyo.timeZone).toBe("Asia/Tokyo");
    // The item was learnt some time ago: in UTC it is overdue (due before 00:00 UTC today) iff its
    // due day is before today; compute the expected answers from the item itself.
    const fetched = (await as(ivan, "GET", `/api/retrieval-items/${item.id}`)).json();
    const dueDay = (tz: string) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(new Date(fetched.nextDue));
    const today = (tz: string) => new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(t.clock.now());
    expect(utc.overdue).toBe(dueDay("UTC") < today("UTC") ? 1 : 0);
    expect(tokyo.overdue).toBe(dueDay("Asia/Tokyo") < today("Asia/Tokyo") ? 1 : 0);
    expect(utc.overdue + tokyo.overdue).toBeGreaterThanOrEqual(1);
  });
});

describe("suggest items", () => {
  it("drafts a definition flashcard and misconception checks without a key, saving nothing until accepted", async () => {
    const jo = await newPerson();
    const card = await createCard(jo, { misconceptions: "it is money only, it is sunk cost" });
    const reply = await as(jo, "POST", `/api/pivot-cards/${card.id}/suggestions`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      source: "template",
      items: [
        { type: "flashcard", question: "What is Opportunity cost?", answer: card.definition },
        {
          type: "concept-check",
          question: "True or false: it is money only",
          options: ["True", "False"],
          correctIndex: 1,
        },
        { type: "concept-check", question: "True or false: it is sunk cost" },
      ],
    });
    expect((await as(jo, "GET", "/api/retrieval-items")).json()).toHaveLength(0);
    const accepted = await as(jo, "POST", "/api/retrieval-items/accepted", {
      items: reply
        .json()
        .items.slice(0, 2)
        .map((item: object) => ({ ...item, pivotCardId: card.id })),
    });
    expect(accepted.statusCode).toBe(201);
    expect((await as(jo, "GET", "/api/retrieval-items")).json()).toHaveLength(2);
  });

  it("asks the configured model with the card's content, and falls back when its answer is unusable", async () => {
    const kim = await newPerson();
    const setKey = async (apiKey: string) =>
      expect((await as(kim, "PUT", `/api/faculty/${kim.faculty.id}/api-key`, { apiKey })).statusCode).toBe(
        200,
      );
    const card = await createCard(kim, { misconceptions: "it is money only" });
    await setKey("sk-stub-kim-items-key-000001");
    const reply = (await as(kim, "POST", `/api/pivot-cards/${card.id}/suggestions`)).json();
    expect(reply.source).toBe("model");
    expect(reply.items).toEqual([
      { type: "flashcard", question: "Stub question from the model?", answer: "Stub answer" },
      {
        type: "concept-check",
        question: "Which is right?",
        options: ["One", "Two", "Three"],
        correctIndex: 2,
      },
    ]);
    const request = stub.requests.at(-1) as { body: { model: string; messages: Array<{ content: string }> } };
    expect(request.body.model).toBe(STUB_MODEL);
    expect(request.body.messages.at(-1)?.content).toContain(
      "The value of the next best alternative given up.",
    );
    expect(request.body.messages.at(-1)?.content).toContain("it is money only");
    await setKey("sk-stub-kim-plain-key-000001");
    const prose = (await as(kim, "POST", `/api/pivot-cards/${card.id}/suggestions`)).json();
    expect(prose.source).toBe("template");
    expect(prose.reason).toContain("Built-in suggestions were made instead.");
    expect(prose.items[0].type).toBe("flashcard");
  });
});

describe("import and export", () => {
  it("exports CSV and Anki, and the CSV imports back into the same cards and items", async () => {
    const lee = await newPerson();
    const card = await createCard(lee, {
      title: 'Quote "and", comma',
      definition: "Line one\nline two, with comma",
      misconceptions: "a, b",
    });
    await createFlashcard(lee, card.id, "=SUM(1)");
    await as(lee, "POST", "/api/retrieval-items", {
      pivotCardId: card.id,
      type: "concept-check",
      question: "Pick",
      options: ["x", "y"],
      correctIndex: 1,
    });
    await createCard(lee, { title: "No items", discipline: "history" });
    const csv = await as(lee, "GET", "/api/pivot-cards/export?format=csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\r\n")[0]).toBe(
      "title,discipline,definition,constraints,minimal_example,counter_example,misconceptions,item_type,question,answer,options,correct_index",
    );
    expect(csv.body).toContain("'=SUM(1)");
    const anki = await as(lee, "GET", "/api/pivot-cards/export?format=anki");
    expect(anki.body).toContain("#separator:tab");
    expect(anki.body).toContain("Pick<br>A. x<br>B. y\ty\teconomics");
    expect(anki.body).toContain("=SUM(1)\tThis.\teconomics");

    const mo = await newPerson();
    const preview = await as(mo, "POST", "/api/pivot-cards/import?dryRun=true", { csv: csv.body });
    expect(preview.json()).toMatchObject({ dryRun: true, cards: 2, items: 2, errors: [] });
    expect((await as(mo, "GET", "/api/pivot-cards")).json()).toHaveLength(0);
    const done = await as(mo, "POST", "/api/pivot-cards/import", { csv: csv.body });
    expect(done.json()).toMatchObject({ dryRun: false, cards: 2, items: 2 });
    const again = await as(mo, "GET", "/api/pivot-cards/export?format=csv");
    expect(again.body).toBe(csv.body);
  });

  it("recognises what is already there when one's own export is imported again, and adds only what is new", async () => {
    const ida = await newPerson();
    const card = await createCard(ida, { title: "Scarcity" });
    await createFlashcard(ida, card.id, "What is scarce?");
    await as(ida, "POST", "/api/retrieval-items", {
      pivotCardId: card.id,
      type: "concept-check",
      question: "Which is scarce?",
      options: ["Time", "Nothing"],
      correctIndex: 0,
    });
    const other = await createCard(ida, { title: "Trade-off", discipline: "history" });
    await createFlashcard(ida, other.id, "What is traded?");
    const exported = (await as(ida, "GET", "/api/pivot-cards/export?format=csv")).body;

    const preview = await as(ida, "POST", "/api/pivot-cards/import?dryRun=true", { csv: exported });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      cards: 0,
      items: 0,
      duplicates: { cards: 2, items: 3 },
      errors: [],
    });
    expect(preview.json().preview.map((row: { status: string }) => row.status)).toEqual([
      "skip",
      "skip",
      "skip",
    ]);
    expect(preview.json().preview[0].note).toBe("Already in your Pivot Assets: this item is on this card");

    const done = await as(ida, "POST", "/api/pivot-cards/import", { csv: exported });
    expect(done.json()).toMatchObject({
      dryRun: false,
      cards: 0,
      items: 0,
      duplicates: { cards: 2, items: 3 },
    });
    expect((await as(ida, "GET", "/api/pivot-cards")).json()).toHaveLength(2);
    expect((await as(ida, "GET", "/api/retrieval-items")).json()).toHaveLength(3);

    // A new item on an existing card (title in another case) is added to that card; a repeated row once.
    const header = exported.split("\r\n")[0];
    const grown = [
      header,
      "SCARCITY,Economics,The value of the next best alternative given up.,,,,,flashcard,Why choose?,Because of scarcity.,,",
      "SCARCITY,Economics,The value of the next best alternative given up.,,,,,flashcard,Why choose?,Because of scarcity.,,",
      "Brand new,Economics,Defined.,,,,,,,,,",
    ].join("\r\n");
    const checked = await as(ida, "POST", "/api/pivot-cards/import?dryRun=true", { csv: grown });
    expect(checked.json()).toMatchObject({ cards: 1, items: 1, duplicates: { cards: 1, items: 1 } });
    expect(checked.json().preview.map((row: { status: string; note: string | null }) => row)).toMatchObject([
      { status: "add", note: "Adds this item to your existing card" },
      { status: "skip" },
      { status: "add", note: null },
    ]);
    await as(ida, "POST", "/api/pivot-cards/import", { csv: grown });
    const items = (await as(ida, "GET", `/api/retrieval-items?pivotCardId=${card.id}`)).json();
    expect(items.map((item: { question: string }) => item.question).sort()).toEqual([
      "What is scarce?",
      "Which is scarce?",
      "Why choose?",
    ]);
    expect((await as(ida, "GET", "/api/pivot-cards")).json()).toHaveLength(3);
  });

  it("reports bad rows by their line and keeps the good ones", async () => {
    const ned = await newPerson();
    const csv = [
      "title,discipline,definition,item_type,question,answer,options,correct_index",
      "Good,economics,Fine,flashcard,Q,A,,",
      ",economics,No title,,,,,",
      'Multi,history,"two',
      'lines",concept-check,Pick,,a | b,5',
      "Unknown,astrology,Defined,,,,,",
      "Also good,history,Fine,concept-check,Pick,,a | b | c,2",
    ].join("\n");
    const reply = await as(ned, "POST", "/api/pivot-cards/import", { csv });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().errors).toEqual([
      { line: 3, message: PIVOT_MESSAGES.cardRequired },
      { line: 4, message: "Choose the correct option" },
      { line: 6, message: PIVOT_MESSAGES.unknownDiscipline },
    ]);
    expect(reply.json()).toMatchObject({ cards: 2, items: 2 });
    expect((await as(ned, "GET", "/api/pivot-cards")).json()).toHaveLength(2);
    const header = await as(ned, "POST", "/api/pivot-cards/import", { csv: "name,value\nx,y" });
    expect(header.json().errors[0].line).toBe(1);
  });
});

describe("figures on a seeded history with known answers", () => {
  it("counts Due Today, Overdue, Completed this week and Retrieval Adherence in UTC and in Tokyo", async () => {
    // Wednesday 2026-11-25 10:00 UTC, 19:00 in Tokyo; the week starts Monday 23 (UTC) and Monday 23
    // 00:00 in Tokyo (Sunday 22 15:00 UTC).
    const seeded = await createTestApp({ clock: createTestClock(new Date("2026-11-25T10:00:00Z")) });
    try {
      const who = await signedInFaculty(seeded.app, seeded.database.db);
      const db = seeded.database.db;
      const [card] = await db
        .insert(pivotCardTable)
        .values({
          facultyId: who.faculty.id,
          title: "Seeded",
          discipline: "economics",
          definition: "d",
          constraints: "Not specified",
          minimalExample: "Not provided",
          counterExample: "Not provided",
          misconceptions: [],
        })
        .returning();
      const at = (iso: string) => new Date(iso);
      const reviewed = {
        state: 2,
        stability: 10,
        difficulty: 5,
        reps: 3,
        lastReview: at("2026-11-20T10:00:00Z"),
      };
      const item = (due: string, extra: Record<string, unknown> = reviewed) => ({
        facultyId: who.faculty.id,
        pivotCardId: card?.id as number,
        type: "flashcard" as const,
        question: due,
        answer: "a",
        due: at(due),
        ...extra,
      });
      const items = await db
        .insert(retrievalItemTable)
        .values([
          item("2026-11-25T08:00:00Z"), // due earlier today everywhere
          item("2026-11-25T20:00:00Z"), // later today in UTC, tomorrow in Tokyo
          item("2026-11-24T12:00:00Z"), // yesterday in UTC and in Tokyo: overdue, missed
          item("2026-11-27T00:00:00Z"), // ahead
          item("2026-11-01T00:00:00Z", { state: 0 }), // new: due today, never overdue
        ])
        .returning();
      const id = (index: number) => items[index]?.id as number;
      const snapshot = {
        due: "2026-11-20T00:00:00.000Z",
        stability: 1,
        difficulty: 5,
        elapsedDays: 0,
        scheduledDays: 0,
        learningSteps: 0,
        reps: 0,
        lapses: 0,
        state: 2,
        lastReview: null,
      };
      const log = (itemIndex: number, reviewedAt: string, dueAt: string, previousState = 2) => ({
        facultyId: who.faculty.id,
        itemId: id(itemIndex),
        rating: 3,
        reviewedAt: at(reviewedAt),
        dueAt: at(dueAt),
        previousState,
        previous: { ...snapshot, state: previousState },
      });
      await db.insert(retrievalReviewTable).values([
        // Sunday 20:00 UTC (Monday 05:00 in Tokyo), due Sunday 10:00 UTC (Sunday 19:00 in Tokyo).
        log(0, "2026-11-22T20:00:00Z", "2026-11-22T10:00:00Z"),
        // A day late everywhere.
        log(1, "2026-11-24T09:00:00Z", "2026-11-23T09:00:00Z"),
        // Before its due, the same day.
        log(3, "2026-11-25T09:00:00Z", "2026-11-25T09:30:00Z"),
        // A first review: completed, but no due occasion.
        log(3, "2026-11-24T10:00:00Z", "2026-11-20T00:00:00Z", 0),
      ]);
      const figures = async (tz: string) =>
        (
          await seeded.app.inject({
            method: "GET",
            url: `/api/pivot-assets/stats?tz=${tz}`,
            headers: who.headers,
          })
        ).json();
      expect(await figures("UTC")).toMatchObject({
        dueToday: 3,
        overdue: 1,
        completedThisWeek: 3,
        // On time: the Sunday one and today's; late: Tuesday's; missed: the overdue item. 2 of 4.
        retrievalAdherence: 0.5,
        atRiskConcepts: 0,
      });
      expect(await figures("Asia/Tokyo")).toMatchObject({
        dueToday: 2,
        overdue: 1,
        completedThisWeek: 4,
        // In Tokyo the Sunday one was reviewed the day after its due: 1 of 4.
        retrievalAdherence: 0.25,
      });
      const utc = await figures("UTC");
      // Four reviewed items with stability 10 (recall 30 days on, by ts-fsrs) and one new (0): mean of five.
      expect(utc.progression).toHaveLength(1);
      expect(utc.progression[0].masteryLevel).toBeCloseTo((4 * forgetting_curve(default_w, 30, 10)) / 5, 7);
      expect(utc.averageMastery).toBe(utc.progression[0].masteryLevel);
      expect(utc.progression[0].masteryColour).toBe("amber");
      const due = (
        await seeded.app.inject({
          method: "GET",
          url: "/api/retrieval-items/due?tz=UTC",
          headers: who.headers,
        })
      ).json();
      // Due now: the 08:00 one, yesterday's and the new one (not the 20:00 one, nor the one ahead).
      expect(due.total).toBe(3);
    } finally {
      await seeded.close();
    }
  });
});
