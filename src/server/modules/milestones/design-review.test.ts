import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goldStandardRubric, RUBRIC_SCORE_MESSAGES } from "#shared/domain/rubrics.ts";
import { DESIGN_REVIEW_MESSAGES } from "#shared/schemas/design-review.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/** A project's design review: its owner judges their project design with the Gold Standard or a rubric. */
let t: TestApp;
type Account = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Account;
let otherInstructor: Account;
let student: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInFaculty(t.app, t.database.db);
  otherInstructor = await signedInFaculty(t.app, t.database.db);
  student = await signedInFaculty(t.app, t.database.db, { role: "student" });
});
afterAll(() => t?.close());

const call = (method: "GET" | "PUT" | "DELETE" | "POST", url: string, who: Account, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload !== undefined ? { payload } : {}) });
const reviewOf = (projectId: number) => `/api/projects/${projectId}/design-review`;
const newProject = async () => (await createProjectViaApi(t.app, owner.headers)).id;

const levelRubric = {
  title: "Our design checklist",
  criteria: [
    {
      title: "Driving question",
      weight: 3,
      levels: [
        { title: "Clear", descriptor: "", points: 4 },
        { title: "Vague", descriptor: "", points: 1 },
      ],
    },
    { title: "Audience", weight: 1, levels: [{ title: "Named", descriptor: "", points: 2 }] },
  ],
};
async function ownRubric(who: Account = owner) {
  const reply = await call("POST", "/api/rubrics", who, levelRubric);
  expect(reply.statusCode).toBe(201);
  return reply.json() as { id: number; criteria: Array<{ id: string; title: string }> };
}

describe("a project's design review", () => {
  it("starts with the Gold Standard's seven design elements and no review", async () => {
    const reply = await call("GET", reviewOf(await newProject()), owner);
    expect(reply.statusCode).toBe(200);
    const { review, rubric } = reply.json();
    expect(review).toBeNull();
    expect(rubric.id).toBeNull();
    expect(rubric.title).toBe(goldStandardRubric().title);
    expect(rubric.criteria.map((criterion: { id: string }) => criterion.id)).toEqual([
      "challenging-problem",
      "sustained-inquiry",
      "authenticity",
      "student-voice-choice",
      "reflection",
      "critique-revision",
      "public-product",
    ]);
  });

  it("saves a partial review and reads it back with its score, weakest and unscored elements", async () => {
    const projectId = await newProject();
    const saved = await call("PUT", reviewOf(projectId), owner, {
      scores: [
        { criterionId: "challenging-problem", level: 0, comment: "A real client's question" },
        { criterionId: "sustained-inquiry", level: 2 },
        { criterionId: "public-product", level: 3, comment: "Nobody outside sees it" },
      ],
      overallComment: "Open it to an audience.",
    });
    expect(saved.statusCode).toBe(200);
    const { review } = saved.json();
    // Levels are worth 3, 2, 1, 0 and the seven elements weigh the same: (3/3 + 1/3 + 0) / 7.
    expect(review.score).toBeCloseTo((100 * (1 + 1 / 3)) / 7, 6);
    expect(review.points).toBe(4);
    expect(review.maximumPoints).toBe(21);
    expect(review.weakest).toEqual([
      {
        criterionId: "public-product",
        title: "Public product",
        level: 3,
        levelTitle: "Lacks the feature",
        points: 0,
      },
    ]);
    expect(review.unscored.map((element: { criterionId: string }) => element.criterionId)).toEqual([
      "authenticity",
      "student-voice-choice",
      "reflection",
      "critique-revision",
    ]);
    expect(review.scores[1]).toEqual({ criterionId: "sustained-inquiry", level: 2, comment: "" });

    const read = (await call("GET", reviewOf(projectId), owner)).json();
    expect(read.review).toEqual(review);
    expect(read.review.overallComment).toBe("Open it to an audience.");
    expect(read.rubric.id).toBeNull();
  });

  it("names no weakest element when every scored one is at its best, and scores a full review", async () => {
    const projectId = await newProject();
    const all = goldStandardRubric().criteria.map((criterion) => ({ criterionId: criterion.id, level: 0 }));
    const best = (await call("PUT", reviewOf(projectId), owner, { scores: all })).json().review;
    expect(best).toMatchObject({ score: 100, points: 21, weakest: [], unscored: [] });

    const mixed = all.map((score, index) => ({ ...score, level: index < 2 ? 2 : 1 }));
    const review = (await call("PUT", reviewOf(projectId), owner, { scores: mixed })).json().review;
    // Two at 1 point, five at 2: 12 of 21.
    expect(review.points).toBe(12);
    expect(review.score).toBeCloseTo((100 * 12) / 21, 6);
    expect(review.weakest.map((element: { criterionId: string }) => element.criterionId)).toEqual([
      "challenging-problem",
      "sustained-inquiry",
    ]);
  });

  it("refuses scores that do not fit the rubric, with the assessments' messages", async () => {
    const projectId = await newProject();
    const refused = async (scores: object[], message: string) => {
      const reply = await call("PUT", reviewOf(projectId), owner, { scores });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(message);
    };
    await refused(
      [{ criterionId: "homework", level: 0 }],
      RUBRIC_SCORE_MESSAGES.unknownCriterion("homework"),
    );
    await refused([{ criterionId: "reflection", level: 4 }], 'scores: "Reflection" has no such level');
    await refused(
      [
        { criterionId: "reflection", level: 0 },
        { criterionId: "reflection", level: 1 },
      ],
      'scores: criterion "reflection" is scored twice',
    );
    const badLevel = await call("PUT", reviewOf(projectId), owner, {
      scores: [{ criterionId: "reflection", level: 1.5 }],
    });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().message).toContain("level must be a whole number");
    const longComment = await call("PUT", reviewOf(projectId), owner, {
      scores: [],
      overallComment: "x".repeat(20_001),
    });
    expect(longComment.json().message).toContain("Overall comment must be at most 20,000 characters");
    // Nothing was saved.
    expect((await call("GET", reviewOf(projectId), owner)).json().review).toBeNull();
  });

  it("uses a rubric of the owner's as it was when chosen, and goes back to the Gold Standard", async () => {
    const projectId = await newProject();
    const rubric = await ownRubric();
    const [question, audience] = rubric.criteria.map((criterion) => criterion.id) as [string, string];
    const saved = await call("PUT", reviewOf(projectId), owner, {
      rubricId: rubric.id,
      scores: [{ criterionId: question, level: 1 }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().rubric).toMatchObject({ id: rubric.id, title: "Our design checklist" });
    // Weights 3 and 1: (3 × 1/4 + 0) / 4.
    expect(saved.json().review).toMatchObject({ score: 18.75, points: 1, maximumPoints: 6 });
    expect(saved.json().review.unscored).toEqual([{ criterionId: audience, title: "Audience" }]);

    // Editing the rubric later leaves the review's copy as it was; saving again keeps that copy.
    const edited = await call("PUT", `/api/rubrics/${rubric.id}`, owner, {
      ...levelRubric,
      title: "Renamed checklist",
      criteria: [{ ...levelRubric.criteria[1], id: audience }],
    });
    expect(edited.statusCode).toBe(200);
    const kept = await call("PUT", reviewOf(projectId), owner, {
      scores: [
        { criterionId: question, level: 0 },
        { criterionId: audience, level: 0 },
      ],
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().rubric.title).toBe("Our design checklist");
    expect(kept.json().rubric.criteria).toHaveLength(2);
    expect(kept.json().review.score).toBe(100);

    // Choosing it again takes its current criteria: the question is gone.
    const again = await call("PUT", reviewOf(projectId), owner, {
      rubricId: rubric.id,
      scores: [{ criterionId: question, level: 0 }],
    });
    expect(again.json().message).toBe(RUBRIC_SCORE_MESSAGES.unknownCriterion(question));

    // Deleting the rubric keeps the review.
    expect((await call("DELETE", `/api/rubrics/${rubric.id}`, owner)).statusCode).toBe(204);
    const afterDelete = (await call("GET", reviewOf(projectId), owner)).json();
    expect(afterDelete.rubric).toMatchObject({ id: null, title: "Our design checklist" });
    expect(afterDelete.review.score).toBe(100);

    const gold = await call("PUT", reviewOf(projectId), owner, {
      rubricId: null,
      scores: [{ criterionId: "authenticity", level: 1 }],
    });
    expect(gold.statusCode).toBe(200);
    expect(gold.json().rubric).toMatchObject({ id: null, title: goldStandardRubric().title });
  });

  it("refuses another instructor's rubric and one that does not exist", async () => {
    const projectId = await newProject();
    const theirs = await ownRubric(otherInstructor);
    for (const rubricId of [theirs.id, 2_000_000]) {
      const reply = await call("PUT", reviewOf(projectId), owner, { rubricId, scores: [] });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({
        code: "RUBRIC_NOT_FOUND",
        message: DESIGN_REVIEW_MESSAGES.rubricNotFound,
      });
    }
  });

  it("starts over", async () => {
    const projectId = await newProject();
    await call("PUT", reviewOf(projectId), owner, { scores: [{ criterionId: "reflection", level: 0 }] });
    expect((await call("DELETE", reviewOf(projectId), owner)).statusCode).toBe(204);
    expect((await call("GET", reviewOf(projectId), owner)).json().review).toBeNull();
    expect((await call("DELETE", reviewOf(projectId), owner)).statusCode).toBe(204);
  });

  it("is its owner's only: another instructor's answers 404, a student's 403", async () => {
    const projectId = await newProject();
    await call("PUT", reviewOf(projectId), owner, { scores: [{ criterionId: "reflection", level: 0 }] });
    const body = { scores: [{ criterionId: "reflection", level: 3 }] };
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const payload = method === "PUT" ? body : undefined;
      const stranger = await call(method, reviewOf(projectId), otherInstructor, payload);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().message).toBe("Project not found.");
      expect((await call(method, reviewOf(projectId), student, payload)).statusCode).toBe(403);
    }
    expect((await call("GET", reviewOf(2_000_000), owner)).statusCode).toBe(404);
    // Untouched by them.
    expect((await call("GET", reviewOf(projectId), owner)).json().review.scores[0].level).toBe(0);
  });

  it("goes with its project", async () => {
    const projectId = await newProject();
    await call("PUT", reviewOf(projectId), owner, { scores: [] });
    expect((await call("DELETE", `/api/projects/${projectId}`, owner)).statusCode).toBe(204);
    expect((await call("GET", reviewOf(projectId), owner)).statusCode).toBe(404);
  });
});
