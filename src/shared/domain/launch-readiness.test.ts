import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { default_w, forgetting_curve } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import {
  curveOf,
  READINESS_STUDENTS_SHOWN,
  readinessOf,
  recallAt,
  type StudentRecall,
} from "./launch-readiness.ts";

const DAY = 86_400_000;
const launch = new Date("2027-02-01T09:00:00Z");
const curve = curveOf(default_w);

describe("recall at the launch", () => {
  it("is FSRS's forgetting curve from the last review, and 0 for an item never reviewed", () => {
    const lastReview = new Date(launch.getTime() - 12 * DAY);
    expect(recallAt({ stability: 20, lastReview, reviewed: true }, launch, curve)).toBeCloseTo(
      forgetting_curve(default_w, 12, 20),
      8,
    );
    expect(recallAt({ stability: 20, lastReview, reviewed: false }, launch, curve)).toBe(0);
    // A review after the launch date counts as recall 1 at the launch, not more.
    expect(
      recallAt({ stability: 2, lastReview: new Date(launch.getTime() + DAY), reviewed: true }, launch, curve),
    ).toBe(1);
  });

  it("follows the decay of the parameters in use", () => {
    const steeper = [...default_w];
    steeper[20] = 0.5;
    const item = { stability: 10, lastReview: new Date(launch.getTime() - 30 * DAY), reviewed: true };
    expect(recallAt(item, launch, curveOf(steeper))).toBeCloseTo(forgetting_curve(steeper, 30, 10), 8);
    expect(recallAt(item, launch, curveOf(steeper))).not.toBeCloseTo(recallAt(item, launch, curve), 3);
  });
});

/**
 * A seeded class of 30: each student's recall of "Limits" and "Derivatives" from items reviewed
 * 3 to 10 days before the launch with a stability of 60 to 120 days (recall above 0.93); the
 * students drawn as `forgetful` reviewed Derivatives 40 days before with a stability of 5 (recall
 * near 0.6).
 */
function seededClass(forgetful: number) {
  let rng = xoroshiro128plus(2027);
  const draw = (from: number, to: number) => {
    const value = uniformInt(rng, from, to);
    rng = xoroshiro128plus(value * 7919 + from);
    return value;
  };
  const picked = new Set<number>();
  while (picked.size < forgetful) picked.add(draw(1, 30));
  const students: StudentRecall[] = [];
  for (let id = 1; id <= 30; id++) {
    const item = (daysBefore: number, stability: number) =>
      recallAt(
        { stability, lastReview: new Date(launch.getTime() - daysBefore * DAY), reviewed: true },
        launch,
        curve,
      );
    const limits = (item(draw(3, 10), draw(60, 120)) + item(draw(3, 10), draw(60, 120))) / 2;
    const derivatives = picked.has(id) ? item(40, 5) : item(draw(3, 10), draw(60, 120));
    students.push({
      studentId: id,
      name: `Student ${String(id).padStart(2, "0")}`,
      recall: new Map([
        [1, limits],
        [2, derivatives],
      ]),
    });
  }
  return { students, picked };
}
const concepts = [
  { pivotCardId: 1, title: "Limits" },
  { pivotCardId: 2, title: "Derivatives" },
];

describe("launch readiness", () => {
  it("is ready when every concept holds for the class", () => {
    const { students } = seededClass(3);
    const readiness = readinessOf(concepts, students, 0.8);
    expect(readiness.verdict).toBe("Ready to launch");
    expect(readiness.concepts.map((concept) => concept.studentsBelow)).toEqual([0, 3]);
    expect(readiness.concepts[1]?.shareBelow).toBeCloseTo(0.1, 10);
    expect(readiness.why).toContain("the lowest is Derivatives");
    expect(readiness.why).toContain("3 of 30 students below 80 %");
    // Only the three who forgot are listed, each with the concept they need.
    expect(readiness.students).toHaveLength(3);
    expect(readiness.students.every((student) => student.concepts[0]?.title === "Derivatives")).toBe(true);
  });

  it("asks to review a concept a fifth of the class forgot, even with a high mean", () => {
    const { students, picked } = seededClass(7);
    const readiness = readinessOf(concepts, students, 0.8);
    const derivatives = readiness.concepts[1];
    expect(derivatives?.meanRecall).toBeGreaterThan(0.8);
    expect(derivatives?.studentsBelow).toBe(7);
    expect(readiness.ready).toBe(false);
    expect(readiness.verdict).toBe("Review first: Derivatives");
    expect(readiness.why).toMatch(/Derivatives \(mean \d+ %, 7 of 30 students below 80 %\)/);
    expect(new Set(readiness.students.map((student) => student.studentId))).toEqual(picked);
  });

  it("names every concept below, lowest first, and shows at most the students who most need review", () => {
    const students: StudentRecall[] = Array.from({ length: 14 }, (_, index) => ({
      studentId: index + 1,
      name: `S${index + 1}`,
      recall: new Map([
        [1, 0.5 + index * 0.01],
        [2, index < 12 ? 0.3 : 0.95],
      ]),
    }));
    const readiness = readinessOf(concepts, students, 0.8);
    expect(readiness.verdict).toBe("Review first: Derivatives and Limits");
    expect(readiness.students).toHaveLength(READINESS_STUDENTS_SHOWN);
    // Those below on both concepts first, the lowest mean first.
    expect(readiness.students[0]).toMatchObject({
      studentId: 1,
      concepts: [{ title: "Derivatives" }, { title: "Limits" }],
    });
  });

  it("counts a student who never practised a concept as recall 0", () => {
    const students: StudentRecall[] = [
      { studentId: 1, name: "Ada", recall: new Map([[1, 0.9]]) },
      { studentId: 2, name: "Ben", recall: new Map() },
    ];
    const readiness = readinessOf([concepts[0] as (typeof concepts)[number]], students, 0.8);
    expect(readiness.concepts[0]).toMatchObject({ meanRecall: 0.45, studentsBelow: 1, shareBelow: 0.5 });
    expect(readiness.students.map((student) => student.name)).toEqual(["Ben"]);
  });
});
