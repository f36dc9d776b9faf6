import { describe, expect, it } from "vitest";
import { isOutsideRange, listItems, projectRange, suggestMilestones, timelineWeeks } from "./milestones.ts";

describe("timelineWeeks", () => {
  it("reads the weeks a timeline names", () => {
    expect(timelineWeeks("12 weeks")).toBe(12);
    expect(timelineWeeks("a 10-week project")).toBe(10);
    expect(timelineWeeks("Over 6 Weeks, with a break")).toBe(6);
  });
  it("is null when no weeks are named", () => {
    expect(timelineWeeks("")).toBeNull();
    expect(timelineWeeks("one semester")).toBeNull();
    expect(timelineWeeks("0 weeks")).toBeNull();
  });
});

describe("projectRange", () => {
  const created = new Date("2026-03-04T15:30:00Z");
  it("runs from the creation day to creation + the timeline's weeks", () => {
    const range = projectRange(created, "2 weeks");
    expect(range.start.toISOString()).toBe("2026-03-04T00:00:00.000Z");
    expect(range.end?.toISOString()).toBe("2026-03-18T23:59:59.999Z");
    expect(isOutsideRange(new Date("2026-03-03T23:00:00Z"), range)).toBe(true);
    expect(isOutsideRange(new Date("2026-03-04T08:00:00Z"), range)).toBe(false);
    expect(isOutsideRange(new Date("2026-03-18T20:00:00Z"), range)).toBe(false);
    expect(isOutsideRange(new Date("2026-03-19T00:00:01Z"), range)).toBe(true);
  });
  it("has no end when the timeline names no weeks", () => {
    const range = projectRange(created, "all term");
    expect(range.end).toBeNull();
    expect(isOutsideRange(new Date("2030-01-01T00:00:00Z"), range)).toBe(false);
  });
});

describe("listItems", () => {
  it("splits lines, bullets and semicolons", () => {
    expect(listItems("- Calibration curves\n- Detection limits.")).toEqual([
      "Calibration curves",
      "Detection limits",
    ]);
    expect(listItems("Calibration curves; detection limits")).toEqual([
      "Calibration curves",
      "Detection limits",
    ]);
    expect(listItems("  \n")).toEqual([]);
  });
});

describe("suggestMilestones", () => {
  // The seeded methodology of the test factories (a chemistry project over 6 weeks).
  const methodology = {
    pivotConcepts: "Calibration curves; detection limits",
    launchApplications: "River sampling with a community group",
    timeline: "6 weeks",
  };
  const now = new Date("2026-03-04T10:00:00Z"); // a Wednesday

  it("suggests a pivot checkpoint, a launch phase per context and a final presentation", () => {
    const suggested = suggestMilestones(methodology, { now, timeZone: "UTC" });
    expect(suggested.map((m) => m.stage)).toEqual(["pivot", "launch", "final"]);
    expect(suggested[0]?.deliverables).toEqual([
      "Calibration curves: definition, example and counter-example",
      "Detection limits: definition, example and counter-example",
    ]);
    expect(suggested[1]?.title).toBe("Launch: River sampling with a community group");
    expect(suggested[2]?.title).toBe("Final presentation");
  });

  it("dues them on Mondays at 17:00 from next Monday, the last in the timeline's last week", () => {
    const suggested = suggestMilestones(methodology, { now, timeZone: "UTC" });
    // Next Monday is 9 March; 6 weeks → weeks 2, 3 and 5 after it, the last week starting 13 April.
    expect(suggested.map((m) => m.dueAt)).toEqual([
      "2026-03-23T17:00:00.000Z",
      "2026-03-30T17:00:00.000Z",
      "2026-04-13T17:00:00.000Z",
    ]);
  });

  it("takes 17:00 in the caller's time zone", () => {
    const [first] = suggestMilestones(methodology, { now, timeZone: "America/New_York" });
    // 23 March 2026 is after the US DST switch: UTC-4.
    expect(first?.dueAt).toBe("2026-03-23T21:00:00.000Z");
  });

  it("makes at most three launch phases and spreads over 8 weeks when no weeks are named", () => {
    const suggested = suggestMilestones(
      { pivotConcepts: "", launchApplications: "Clinic\nSchool\nMuseum\nFactory", timeline: "" },
      { now, timeZone: "UTC" },
    );
    expect(suggested.map((m) => m.title)).toEqual([
      "Pivot checkpoint: core concepts",
      "Launch phase 1: Clinic",
      "Launch phase 2: School",
      "Launch phase 3: Museum",
      "Final presentation",
    ]);
    expect(suggested.at(-1)?.dueAt).toBe("2026-04-27T17:00:00.000Z");
    const times = suggested.map((m) => Date.parse(m.dueAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});
