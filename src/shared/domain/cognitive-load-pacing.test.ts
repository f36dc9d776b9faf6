import { describe, expect, it } from "vitest";
import type { CheckIn } from "./cognitive-load.ts";
import {
  actionKindsOf,
  effectSideOf,
  masteryPercent,
  pressuresOf,
  reviewSessionDueAt,
} from "./cognitive-load-pacing.ts";
import { totalsOf } from "./cognitive-load-totals.ts";

const checkIn = (overrides: Partial<CheckIn> = {}): CheckIn => ({
  context: "launch",
  mentalEffort: 5,
  intrinsicItems: [5, 5, 5],
  extraneousItems: [3, 3, 3],
  germaneItems: [6, 6, 6, 6],
  technostress: 3,
  interruptions: 0,
  taskMinutes: 30,
  refocusMinutes: 2,
  ...overrides,
});
const times = (n: number, overrides: Partial<CheckIn> = {}) =>
  totalsOf(Array.from({ length: n }, () => checkIn(overrides)));

describe("pacing pressures per stage (spec B §9)", () => {
  it("finds high mental effort in the launch stage, above HIGH_EFFORT and not at it", () => {
    expect(pressuresOf({ launch: times(3, { mentalEffort: 8 }) })).toEqual([
      expect.objectContaining({ stage: "launch", responses: 3, reasons: ["effort"] }),
    ]);
    // A mean of exactly 7 with no check-in at 8 or 9: below the rule.
    expect(pressuresOf({ launch: times(4, { mentalEffort: 7 }) })).toEqual([]);
  });

  it("counts the effort indicator: one check-in in four at 8 or 9 is not low", () => {
    const totals = totalsOf([
      checkIn({ mentalEffort: 9 }),
      checkIn({ mentalEffort: 3 }),
      checkIn({ mentalEffort: 3 }),
      checkIn({ mentalEffort: 3 }),
    ]);
    expect(pressuresOf({ launch: totals })[0]?.reasons).toEqual(["effort"]);
    const fewer = totalsOf([checkIn({ mentalEffort: 9 }), ...Array.from({ length: 4 }, () => checkIn())]);
    expect(pressuresOf({ launch: fewer })).toEqual([]);
  });

  it("finds extraneous load above its target in either stage, and intrinsic load in the pivot stage only", () => {
    expect(
      pressuresOf({ pivot: times(3, { context: "pivot", extraneousItems: [4, 4, 4] }) })[0]?.reasons,
    ).toEqual(["extraneous"]);
    expect(pressuresOf({ launch: times(3, { extraneousItems: [3, 3, 3] }) })).toEqual([]);
    expect(
      pressuresOf({ pivot: times(3, { context: "pivot", intrinsicItems: [7, 7, 7] }) })[0]?.reasons,
    ).toEqual(["intrinsic"]);
    expect(pressuresOf({ launch: times(3, { intrinsicItems: [7, 7, 7] }) })).toEqual([]);
  });

  it("proposes nothing below the privacy threshold", () => {
    expect(pressuresOf({ launch: times(2, { mentalEffort: 9, extraneousItems: [9, 9, 9] }) })).toEqual([]);
    expect(actionKindsOf("sequencing", pressuresOf({ launch: times(2, { mentalEffort: 9 }) }))).toEqual([]);
  });

  it("gives an intervention its actions only under pressure", () => {
    const pressures = pressuresOf({ launch: times(3, { mentalEffort: 9 }) });
    expect(actionKindsOf("sequencing", pressures)).toEqual([
      "split-deliverable",
      "review-session",
      "move-due-date",
    ]);
    expect(actionKindsOf("worked-examples", pressures)).toEqual(["worked-example", "review-session"]);
    expect(actionKindsOf("sequencing", [])).toEqual([]);
  });
});

describe("the review session's due date", () => {
  const launch = new Date("2026-03-10T17:00:00Z");
  it("is two days before the next launch milestone", () => {
    expect(reviewSessionDueAt(launch, new Date("2026-03-01T00:00:00Z"))?.toISOString()).toBe(
      "2026-03-08T17:00:00.000Z",
    );
  });
  it("is the day before when two days before is past, and never in the past", () => {
    expect(reviewSessionDueAt(launch, new Date("2026-03-08T18:00:00Z"))?.toISOString()).toBe(
      "2026-03-09T17:00:00.000Z",
    );
    expect(reviewSessionDueAt(launch, new Date("2026-03-09T17:00:00Z"))).toBeNull();
  });
});

describe("an effect's side", () => {
  it("shows the means from 3 check-ins and says how many are missing below", () => {
    expect(
      effectSideOf(totalsOf([checkIn({ mentalEffort: 9 }), checkIn({ mentalEffort: 6 }), checkIn()])),
    ).toEqual({
      responses: 3,
      means: { mentalEffort: 6.67, intrinsicLoad: 5, extraneousLoad: 3 },
      notice: null,
    });
    expect(effectSideOf(times(2))).toEqual({
      responses: 2,
      means: null,
      notice: "Not enough check-ins yet (2 of 3)",
    });
  });
  it("states a mastery as a whole percent", () => {
    expect(masteryPercent(0.4249)).toBe(42);
    expect(masteryPercent(0)).toBe(0);
  });
});
