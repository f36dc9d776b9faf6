import { describe, expect, it } from "vitest";
import {
  type CheckIn,
  INDICATOR_RULES,
  interruptionsPerHour,
  loadOf,
  notEnoughResponses,
  severityOf,
} from "./cognitive-load.ts";
import {
  coloursOf,
  effortColour,
  extraneousColour,
  germaneColour,
  indicatorsOf,
  interventionsOf,
  trendArrow,
  trendsOf,
} from "./cognitive-load-findings.ts";
import { defaultSemesterStart, periodOf, weekOf } from "./cognitive-load-periods.ts";
import { averagesOf, totalsOf } from "./cognitive-load-totals.ts";

const checkIn = (overrides: Partial<CheckIn> = {}): CheckIn => ({
  context: "pivot",
  mentalEffort: 5,
  intrinsicItems: [5, 5, 5],
  extraneousItems: [3, 3, 3],
  germaneItems: [6, 6, 6, 6],
  technostress: 3,
  interruptions: 3,
  taskMinutes: 30,
  refocusMinutes: 2,
  ...overrides,
});

describe("formulas", () => {
  it("takes each load type as the mean of its items", () => {
    expect(loadOf([2, 4, 9])).toBe(5);
    expect(loadOf([1, 2, 3, 4])).toBe(2.5);
  });
  it("counts interruptions per hour from the count and the task's minutes", () => {
    expect(interruptionsPerHour(3, 30)).toBe(6);
    expect(interruptionsPerHour(1, 90)).toBeCloseTo(0.667, 3);
    expect(interruptionsPerHour(4, 0)).toBe(0);
  });
  it("averages every measure and pools interruptions over all the time reported", () => {
    const totals = totalsOf([
      checkIn({ mentalEffort: 3, interruptions: 1, taskMinutes: 60, refocusMinutes: 1 }),
      checkIn({ mentalEffort: 6, interruptions: 5, taskMinutes: 60, refocusMinutes: 3 }),
      checkIn({ mentalEffort: 9, extraneousItems: [5, 6, 7], interruptions: 0, taskMinutes: 30 }),
    ]);
    expect(averagesOf(totals)).toEqual({
      mentalEffort: 6,
      intrinsicLoad: 5,
      extraneousLoad: 4,
      germaneLoad: 6,
      technostress: 3,
      interruptionCount: 2.4, // 6 interruptions in 2.5 hours
      timeToRefocus: 2,
    });
  });
  it("shows no figure below 3 responses", () => {
    expect(averagesOf(totalsOf([checkIn(), checkIn()]))).toBeUndefined();
    expect(indicatorsOf(totalsOf([checkIn(), checkIn()]))).toEqual([]);
    expect(notEnoughResponses(2)).toBe("Not enough responses yet: 2 of 3");
  });
});

describe("colours (spec §9) at their exact boundaries", () => {
  it("mental effort: green at or below 5, amber at or below 7, else red", () => {
    expect(effortColour(5)).toBe("green");
    expect(effortColour(5.01)).toBe("amber");
    expect(effortColour(7)).toBe("amber");
    expect(effortColour(7.01)).toBe("red");
  });
  it("extraneous: green at or below 3, amber at or below 5, else red", () => {
    expect(extraneousColour(3)).toBe("green");
    expect(extraneousColour(3.01)).toBe("amber");
    expect(extraneousColour(5)).toBe("amber");
    expect(extraneousColour(5.01)).toBe("red");
  });
  it("germane: green at or above 6, amber at or above 4, else red", () => {
    expect(germaneColour(6)).toBe("green");
    expect(germaneColour(5.99)).toBe("amber");
    expect(germaneColour(4)).toBe("amber");
    expect(germaneColour(3.99)).toBe("red");
  });
});

describe("trend arrows (spec §9)", () => {
  it("up above +0.2, down below -0.2, neutral at exactly 0.2", () => {
    expect(trendArrow(0.2)).toBe("neutral");
    expect(trendArrow(5.2 - 5.0)).toBe("neutral"); // 0.20000000000000018 in floating point
    expect(trendArrow(0.21)).toBe("up");
    expect(trendArrow(-0.2)).toBe("neutral");
    expect(trendArrow(-0.21)).toBe("down");
    expect(trendArrow(0)).toBe("neutral");
  });
  it("compares with the previous period and has no change when either lacks 3 responses", () => {
    const current = averagesOf(totalsOf([checkIn({ mentalEffort: 7 }), checkIn(), checkIn()]));
    const previous = averagesOf(totalsOf([checkIn(), checkIn(), checkIn()]));
    const trends = trendsOf(current, previous);
    expect(trends.mentalEffort).toEqual({ change: 0.67, arrow: "up" });
    expect(trends.germaneLoad).toEqual({ change: 0, arrow: "neutral" });
    expect(trendsOf(current, undefined).mentalEffort).toEqual({ change: null, arrow: "neutral" });
  });
});

describe("overload indicators", () => {
  it("interruptions: more than 6 an hour holds, exactly 6 does not", () => {
    expect(INDICATOR_RULES.interruptions(checkIn({ interruptions: 3, taskMinutes: 30 }))).toBe(false);
    expect(INDICATOR_RULES.interruptions(checkIn({ interruptions: 7, taskMinutes: 60 }))).toBe(true);
  });
  it("extraneous above 5, effort of 8 or 9, technostress of 6 or 7, refocus above 5 minutes", () => {
    expect(INDICATOR_RULES.extraneous(checkIn({ extraneousItems: [5, 5, 5] }))).toBe(false);
    expect(INDICATOR_RULES.extraneous(checkIn({ extraneousItems: [5, 5, 6] }))).toBe(true);
    expect(INDICATOR_RULES.effort(checkIn({ mentalEffort: 7 }))).toBe(false);
    expect(INDICATOR_RULES.effort(checkIn({ mentalEffort: 8 }))).toBe(true);
    expect(INDICATOR_RULES.technostress(checkIn({ technostress: 5 }))).toBe(false);
    expect(INDICATOR_RULES.technostress(checkIn({ technostress: 6 }))).toBe(true);
    expect(INDICATOR_RULES.refocus(checkIn({ refocusMinutes: 5 }))).toBe(false);
    expect(INDICATOR_RULES.refocus(checkIn({ refocusMinutes: 5.5 }))).toBe(true);
  });
  it("gives each indicator its frequency in percent and a severity", () => {
    const indicators = indicatorsOf(
      totalsOf([checkIn({ mentalEffort: 9 }), checkIn({ mentalEffort: 8 }), checkIn(), checkIn()]),
    );
    expect(indicators.find((i) => i.id === "effort")).toMatchObject({ frequency: 50, severity: "high" });
    expect(indicators.find((i) => i.id === "technostress")).toMatchObject({ frequency: 0, severity: "low" });
    expect(severityOf(50)).toBe("high");
    expect(severityOf(49.9)).toBe("medium");
    expect(severityOf(25)).toBe("medium");
    expect(severityOf(24.9)).toBe("low");
  });
});

describe("interventions", () => {
  it("proposes the 15-minute pause above 6 interruptions an hour, not at 6", () => {
    const at = (interruptions: number) => {
      const totals = totalsOf([1, 2, 3].map(() => checkIn({ interruptions, taskMinutes: 60 })));
      const averages = averagesOf(totals);
      return interventionsOf(averages, indicatorsOf(totals), undefined).map((i) => i.id);
    };
    expect(at(6)).not.toContain("interruptions");
    const seven = totalsOf([1, 2, 3].map(() => checkIn({ interruptions: 7, taskMinutes: 60 })));
    const proposed = interventionsOf(averagesOf(seven), indicatorsOf(seven), undefined);
    expect(proposed.find((i) => i.id === "interruptions")?.action).toContain("15-minute pause");
    expect(proposed.find((i) => i.id === "interruptions")?.why).toContain("7.0 interruptions an hour");
  });
  it("proposes worked examples when the pivot phase's intrinsic load is high, and says why", () => {
    const totals = totalsOf([1, 2, 3].map(() => checkIn({ intrinsicItems: [8, 8, 8] })));
    const averages = averagesOf(totals);
    const ids = (pivot: typeof averages) =>
      interventionsOf(averages, indicatorsOf(totals), pivot).map((i) => i.id);
    expect(ids(averages)).toContain("worked-examples");
    expect(ids(undefined)).not.toContain("worked-examples");
  });
  it("proposes removing split attention only above the extraneous target of 3", () => {
    const ids = (items: number[]) => {
      const totals = totalsOf([1, 2, 3].map(() => checkIn({ extraneousItems: items })));
      return interventionsOf(averagesOf(totals), indicatorsOf(totals), undefined).map((i) => i.id);
    };
    expect(ids([3, 3, 3])).not.toContain("split-attention");
    expect(ids([3, 3, 4])).toContain("split-attention");
  });
  it("proposes nothing below the privacy threshold", () => {
    expect(interventionsOf(undefined, [], undefined)).toEqual([]);
  });
  it("keeps the colours of a slice", () => {
    const averages = averagesOf(totalsOf([checkIn(), checkIn(), checkIn({ mentalEffort: 8 })]));
    expect(averages && coloursOf(averages)).toEqual({
      mentalEffort: "amber",
      extraneousLoad: "green",
      germaneLoad: "green",
    });
  });
});

describe("periods", () => {
  const now = new Date("2026-03-31T12:00:00Z");
  it("counts whole UTC days ending today and compares with the same number of days before", () => {
    expect(periodOf("7d", now, now)).toEqual({
      from: new Date("2026-03-25T00:00:00Z"),
      previousFrom: new Date("2026-03-18T00:00:00Z"),
    });
    expect(periodOf("30d", now, now).from).toEqual(new Date("2026-03-02T00:00:00Z"));
    // 1 to 31 March: 31 days, so the previous period starts 31 days earlier.
    expect(periodOf("semester", now, new Date("2026-03-01T00:00:00Z"))).toEqual({
      from: new Date("2026-03-01T00:00:00Z"),
      previousFrom: new Date("2026-01-29T00:00:00Z"),
    });
    expect(periodOf("all", now, now)).toEqual({ from: null, previousFrom: null });
  });
  it("puts each day in the week that starts on its Monday", () => {
    expect(weekOf("2026-03-31")).toBe("2026-03-30"); // a Tuesday
    expect(weekOf("2026-03-30")).toBe("2026-03-30");
    expect(weekOf("2026-03-29")).toBe("2026-03-23"); // a Sunday
  });
  it("starts the semester 120 days back by default", () => {
    expect(defaultSemesterStart(now)).toBe("2025-12-01");
  });
});
