import { describe, expect, it } from "vitest";
import { TEMPLATE_DISCIPLINES } from "../constants.ts";
import { disciplineFilterValues, humanize, phaseCaption, workloadEstimate } from "./templates.ts";

describe("workloadEstimate (spec A §5)", () => {
  it("multiplies the first number by 6", () => {
    expect(workloadEstimate("8-12 weeks")).toBe("~48 hours total");
    expect(workloadEstimate("6 weeks")).toBe("~36 hours total");
    expect(workloadEstimate("1.5 semesters")).toBe("~9 hours total");
  });
  it("says the time varies without a number", () => {
    expect(workloadEstimate("one semester")).toBe("Time varies");
    expect(workloadEstimate("")).toBe("Time varies");
    expect(workloadEstimate(undefined)).toBe("Time varies");
  });
});

describe("phaseCaption (spec A §2)", () => {
  it("captions the first four phases and calls the rest advanced", () => {
    expect([0, 1, 2, 3, 4, 7].map(phaseCaption)).toEqual([
      "Planning and research",
      "Core development and implementation",
      "Testing and refinement",
      "Final presentation and evaluation",
      "Advanced activities",
      "Advanced activities",
    ]);
  });
});

describe("humanize", () => {
  it("turns values into labels", () => {
    expect(humanize("data-science")).toBe("Data Science");
    expect(humanize("visual_arts")).toBe("Visual Arts");
  });
});

describe("disciplineFilterValues", () => {
  it("lists the spec's thirteen, then every other discipline of the library in the wizard's order", () => {
    expect(disciplineFilterValues([])).toEqual([...TEMPLATE_DISCIPLINES]);
    expect(
      disciplineFilterValues([
        "economics",
        "biology",
        "other",
        "physics",
        "zoology",
        "psychology",
        "physics",
      ]),
    ).toEqual([...TEMPLATE_DISCIPLINES, "physics", "psychology", "economics", "other", "zoology"]);
  });
});
