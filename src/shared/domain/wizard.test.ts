import { describe, expect, it } from "vitest";
import {
  emptyMethodology,
  methodologyFileName,
  methodologyProgress,
  methodologyText,
  NOT_SPECIFIED,
} from "./wizard.ts";

describe("the methodology download (spec A §2)", () => {
  it("is named with the date", () => {
    expect(methodologyFileName(new Date("2026-11-23T10:00:00Z"))).toBe("My-PBL-Methodology-2026-11-23.txt");
  });

  it("prints every field, and 'Not specified yet' where empty", () => {
    const methodology = {
      ...emptyMethodology(),
      discipline: "chemistry",
      pivotConcepts: "Titration",
      classSize: " ",
    };
    const text = methodologyText(methodology, "Water Study", new Date("2026-11-23T10:00:00Z"), "Chemistry");
    expect(text).toContain("Project: Water Study");
    expect(text).toContain("Discipline: Chemistry");
    expect(text).toContain("Core Concepts: Titration");
    expect(text).toContain(`Class Size: ${NOT_SPECIFIED}`);
    expect(text).toContain("STEP 5: IMPLEMENTATION PLAN");
    expect(text.match(new RegExp(NOT_SPECIFIED, "g"))).toHaveLength(10);
  });

  it("treats the placeholder discipline as not specified", () => {
    expect(methodologyText(emptyMethodology(), "", new Date(), "Select")).toContain(
      `Discipline: ${NOT_SPECIFIED}`,
    );
  });
});

describe("methodologyProgress", () => {
  it("is the share of the pivot and launch fields that hold an answer", () => {
    const methodology = { ...emptyMethodology(), pivotConcepts: "Food webs", assessmentBoundaries: "  " };
    expect(methodologyProgress(methodology)).toEqual({ pivot: 50, launch: 0 });
    expect(
      methodologyProgress({
        ...methodology,
        assessmentBoundaries: "Quizzes",
        launchApplications: "Harbour survey",
        collaborationMethods: "Teams of 4",
      }),
    ).toEqual({ pivot: 100, launch: 100 });
  });
});
