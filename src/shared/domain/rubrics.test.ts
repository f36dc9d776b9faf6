import { describe, expect, it } from "vitest";
import { rubricScore } from "./rubrics.ts";

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
