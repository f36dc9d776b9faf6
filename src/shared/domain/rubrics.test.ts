import { describe, expect, it } from "vitest";
import {
  goldStandardRubric,
  PIVOT_CONCEPTS_CRITERION,
  rubricFromDeliverables,
  rubricProblems,
  rubricScore,
  scoreProblem,
  scoringSummary,
} from "./rubrics.ts";

const levels = (...points: number[]) =>
  points.map((value) => ({ title: `L${value}`, descriptor: "", points: value }));

describe("rubric scores", () => {
  const criteria = [
    { id: "a", title: "Evidence", weight: 2, levels: levels(4, 3, 2, 1) },
    { id: "b", title: "Clarity", weight: 1, levels: levels(10, 5, 0) },
  ];

  it("weights each criterion's share of its maximum", () => {
    // Evidence 3 of 4 (0.75) twice, Clarity 5 of 10 (0.5) once: (1.5 + 0.5) / 3 = 66.67 %.
    expect(
      rubricScore(criteria, [
        { criterionId: "a", level: 1 },
        { criterionId: "b", level: 1 },
      ]),
    ).toBeCloseTo(66.667, 2);
    expect(
      rubricScore(criteria, [
        { criterionId: "a", level: 0 },
        { criterionId: "b", level: 0 },
      ]),
    ).toBe(100);
  });

  it("counts a criterion left unscored as 0, and ignores weightless criteria", () => {
    expect(rubricScore(criteria, [{ criterionId: "a", level: 0 }])).toBeCloseTo(66.667, 2);
    expect(rubricScore([{ ...criteria[0], weight: 0 } as (typeof criteria)[0]], [])).toBe(0);
  });
});

describe("rubricProblems", () => {
  const level = (points: number | null) => ({ title: "Level", descriptor: "", points });
  it("has nothing to say about a rubric that can be saved", () => {
    expect(rubricProblems([{ title: "Evidence", weight: 1, levels: [level(4), level(0)] }])).toEqual([]);
  });
  it("names each cell in error, in the order of the grid", () => {
    expect(
      rubricProblems([
        { title: "", weight: 0, levels: [level(1)] },
        { title: "Evidence", weight: 1, levels: [level(4), level(3), level(null)] },
      ]),
    ).toEqual([
      { path: ["criteria", 0, "title"], message: "Criterion 1: a title is required" },
      { path: ["criteria", 0, "weight"], message: "Criterion 1: the weight must be more than 0" },
      {
        path: ["criteria", 1, "levels", 2, "points"],
        message: 'Criterion 2 ("Evidence"), level 3: points are required',
      },
    ]);
  });
  it("asks for a criterion when there is none", () => {
    expect(rubricProblems([])).toEqual([{ path: ["criteria"], message: "Add at least one criterion" }]);
  });
});

describe("starting points", () => {
  it("the Gold Standard: seven design elements of four levels, each one a valid rubric", () => {
    const rubric = goldStandardRubric();
    expect(rubric.criteria).toHaveLength(7);
    expect(rubricProblems(rubric.criteria)).toEqual([]);
    expect(
      rubricScore(
        rubric.criteria,
        rubric.criteria.map((c) => ({ criterionId: c.id, level: 0 })),
      ),
    ).toBe(100);
  });
  it("from deliverables: one criterion each, blank ones left out, plus the pivot concepts", () => {
    const rubric = rubricFromDeliverables("Checkpoint", ["Poster", " ", "Memo"]);
    expect(rubric.criteria.map((c) => c.title)).toEqual(["Poster", "Memo", PIVOT_CONCEPTS_CRITERION]);
    expect(new Set(rubric.criteria.map((c) => c.id)).size).toBe(3);
    expect(rubricProblems(rubric.criteria)).toEqual([]);
  });
});

describe("a scoring against its rubric", () => {
  const criteria = [
    { id: "a", title: "Evidence", weight: 2, levels: levels(4, 3, 2, 1) },
    { id: "b", title: "Clarity", weight: 1, levels: levels(10, 5, 0) },
    { id: "c", title: "Audience", weight: 1, levels: levels(2, 1) },
  ];

  it("names the first score that does not fit, and takes a partial scoring", () => {
    expect(scoreProblem(criteria, [{ criterionId: "a", level: 3 }])).toBeUndefined();
    expect(scoreProblem(criteria, [{ criterionId: "z", level: 0 }])).toBe('scores: unknown criterion "z"');
    expect(scoreProblem(criteria, [{ criterionId: "b", level: 3 }])).toBe(
      'scores: "Clarity" has no such level',
    );
    expect(
      scoreProblem(criteria, [
        { criterionId: "a", level: 0 },
        { criterionId: "a", level: 1 },
      ]),
    ).toBe('scores: criterion "a" is scored twice');
  });

  it("sums the points, names the criteria at the lowest share and those not scored", () => {
    const summary = scoringSummary(criteria, [
      { criterionId: "a", level: 2 },
      { criterionId: "b", level: 1 },
    ]);
    expect(summary.points).toBe(7);
    expect(summary.maximumPoints).toBe(16);
    // Evidence 2 of 4 and Clarity 5 of 10 are both at half their maximum.
    expect(summary.weakest.map((element) => element.title)).toEqual(["Evidence", "Clarity"]);
    expect(summary.weakest[0]).toEqual({
      criterionId: "a",
      title: "Evidence",
      level: 2,
      levelTitle: "L2",
      points: 2,
    });
    expect(summary.unscored).toEqual([{ criterionId: "c", title: "Audience" }]);
    expect(summary.score).toBeCloseTo(
      rubricScore(criteria, [
        { criterionId: "a", level: 2 },
        { criterionId: "b", level: 1 },
      ]),
    );
  });

  it("names no weakest criterion when every scored one is at its best, or none is scored", () => {
    expect(scoringSummary(criteria, [{ criterionId: "c", level: 0 }]).weakest).toEqual([]);
    expect(scoringSummary(criteria, []).weakest).toEqual([]);
  });
});
