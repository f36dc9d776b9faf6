import { describe, expect, it } from "vitest";
import {
  emptyMethodology,
  methodologyFileName,
  methodologyOutline,
  methodologyProgress,
  NOT_SPECIFIED,
} from "./wizard.ts";

describe("the methodology download (spec A §2)", () => {
  it("is named with the date, as text by default", () => {
    const date = new Date("2026-11-23T10:00:00Z");
    expect(methodologyFileName(date)).toBe("My-PBL-Methodology-2026-11-23.txt");
    expect(methodologyFileName(date, "pdf")).toBe("My-PBL-Methodology-2026-11-23.pdf");
  });

  it("holds every field, and 'Not specified yet' where empty", () => {
    const methodology = {
      ...emptyMethodology(),
      discipline: "chemistry",
      pivotConcepts: "Titration",
      classSize: " ",
    };
    const outline = methodologyOutline(
      methodology,
      " Water Study ",
      new Date("2026-11-23T10:00:00Z"),
      "Chemistry",
    );
    expect(outline.title).toBe("Pivot-and-Launch PBL Methodology");
    expect(outline.facts).toEqual([
      { label: "Project", value: "Water Study" },
      { label: "Created", value: "2026-11-23" },
    ]);
    expect(outline.steps.map((step) => step.title)).toEqual([
      "Step 1: Select Your Discipline",
      "Step 2: Define Core Concepts (Pivot)",
      "Step 3: Plan Applications (Launch)",
      "Step 4: Assessment Strategy",
      "Step 5: Implementation Plan",
    ]);
    const facts = outline.steps.flatMap((step) => step.facts);
    expect(facts).toHaveLength(12);
    expect(facts).toContainEqual({ label: "Discipline", value: "Chemistry" });
    expect(facts).toContainEqual({ label: "Core Concepts", value: "Titration" });
    expect(facts).toContainEqual({ label: "Class Size", value: NOT_SPECIFIED });
    expect(facts.filter((fact) => fact.value === NOT_SPECIFIED)).toHaveLength(10);
  });

  it("treats the placeholder discipline and an empty title as not specified", () => {
    const outline = methodologyOutline(emptyMethodology(), "", new Date(), "Select");
    expect(outline.steps[0]?.facts).toEqual([{ label: "Discipline", value: NOT_SPECIFIED }]);
    expect(outline.facts[0]).toEqual({ label: "Project", value: NOT_SPECIFIED });
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
