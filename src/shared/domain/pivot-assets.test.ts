import { describe, expect, it } from "vitest";
import {
  BUILT_IN_DISCIPLINES,
  cardDefaults,
  disciplineValue,
  duplicatesDiscipline,
  formatInterval,
  interleave,
  isTimeZone,
  localCalendar,
  localDate,
  masteryColour,
  meanMastery,
  splitMisconceptions,
} from "./pivot-assets.ts";

describe("disciplines (spec B §5)", () => {
  it("makes the value from the name: lowercased, spaces to hyphens", () => {
    expect(disciplineValue("  Marine   Ecology ")).toBe("marine-ecology");
  });
  it("finds duplicates against values and labels, case aside", () => {
    expect(duplicatesDiscipline("visual arts", BUILT_IN_DISCIPLINES)).toBe(true);
    expect(duplicatesDiscipline("DATA-SCIENCE", BUILT_IN_DISCIPLINES)).toBe(true);
    expect(duplicatesDiscipline("Fintech", BUILT_IN_DISCIPLINES)).toBe(true);
    expect(duplicatesDiscipline("Marine Ecology", BUILT_IN_DISCIPLINES)).toBe(false);
    expect(BUILT_IN_DISCIPLINES).toHaveLength(16);
  });
});

describe("card defaults (spec B §5)", () => {
  it("fills empty optional fields and splits misconceptions on commas", () => {
    expect(cardDefaults({ constraints: "  ", misconceptions: " a, ,b ,, c " })).toEqual({
      constraints: "Not specified",
      minimalExample: "Not provided",
      counterExample: "Not provided",
      misconceptions: ["a", "b", "c"],
    });
    expect(splitMisconceptions([" x ", ""])).toEqual(["x"]);
    expect(cardDefaults({ minimalExample: " 2 + 2 " }).minimalExample).toBe("2 + 2");
  });
});

describe("mastery (spec B §4, §9)", () => {
  it("colours green at 0.8 or more, amber at 0.6 or more, red below", () => {
    expect(masteryColour(0.8)).toBe("green");
    expect(masteryColour(0.7999)).toBe("amber");
    expect(masteryColour(0.6)).toBe("amber");
    expect(masteryColour(0.5999)).toBe("red");
    expect(meanMastery([])).toBe(0);
    expect(meanMastery([1, 0.5])).toBe(0.75);
  });
});

describe("interleaving", () => {
  it("deals one of each group per round, groups in order of first appearance", () => {
    const items = ["a1", "a2", "a3", "b1", "c1", "b2"];
    expect(interleave(items, (item) => item[0] as string)).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
  });
});

describe("the person's calendar", () => {
  it("finds today's bounds and the Monday of the week in the zone", () => {
    // Tuesday 2026-11-24 23:30 UTC is Wednesday 08:30 in Tokyo.
    const now = new Date("2026-11-24T23:30:00Z");
    expect(localCalendar(now, "UTC")).toEqual({
      startOfToday: new Date("2026-11-24T00:00:00Z"),
      startOfTomorrow: new Date("2026-11-25T00:00:00Z"),
      startOfWeek: new Date("2026-11-23T00:00:00Z"),
    });
    expect(localCalendar(now, "Asia/Tokyo")).toEqual({
      startOfToday: new Date("2026-11-24T15:00:00Z"),
      startOfTomorrow: new Date("2026-11-25T15:00:00Z"),
      startOfWeek: new Date("2026-11-22T15:00:00Z"),
    });
    expect(localDate(now, "Asia/Tokyo")).toBe("2026-11-25");
  });
  it("handles a day with a change of offset (New York, 2026-11-01 has 25 hours)", () => {
    const { startOfToday, startOfTomorrow } = localCalendar(
      new Date("2026-11-01T18:00:00Z"),
      "America/New_York",
    );
    expect(startOfToday).toEqual(new Date("2026-11-01T04:00:00Z"));
    expect(startOfTomorrow).toEqual(new Date("2026-11-02T05:00:00Z"));
  });
  it("starts a day at the first instant after a change of offset that skips midnight (Santiago)", () => {
    // Chile moves from -04 to -03 at midnight on 2026-09-06: that day starts at 01:00 local.
    const { startOfToday, startOfTomorrow } = localCalendar(
      new Date("2026-09-06T12:00:00Z"),
      "America/Santiago",
    );
    expect(startOfToday).toEqual(new Date("2026-09-06T04:00:00Z"));
    expect(startOfTomorrow).toEqual(new Date("2026-09-07T03:00:00Z"));
  });
  it("knows IANA names and refuses others", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});

describe("intervals as the buttons show them", () => {
  it("rounds to minutes, hours, days, months, years", () => {
    expect(formatInterval(60_000)).toBe("1 min");
    expect(formatInterval(10 * 60_000)).toBe("10 min");
    expect(formatInterval(5 * 3_600_000)).toBe("5 h");
    expect(formatInterval(3 * 86_400_000)).toBe("3 d");
    expect(formatInterval(75 * 86_400_000)).toBe("2.5 mo");
    expect(formatInterval(400 * 86_400_000)).toBe("1.1 y");
  });
});
