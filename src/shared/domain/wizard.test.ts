import { describe, expect, it } from "vitest";
import {
  completeBlocker,
  completedStepCount,
  emptyMethodology,
  fileSlug,
  filledFieldCount,
  methodologyFileName,
  methodologyOutline,
  methodologyProgress,
  NOT_SPECIFIED,
  stepCompleted,
  WIZARD_FIELD_COUNT,
} from "./wizard.ts";

describe("the methodology download (spec A §2)", () => {
  it("is named after the project and dated, as text by default", () => {
    const date = new Date("2026-11-23T10:00:00Z");
    expect(methodologyFileName("Harbour Ecology Lab", date)).toBe(
      "harbour-ecology-lab-methodology-2026-11-23.txt",
    );
    expect(methodologyFileName("  Études d'eau: été 2026! ", date, "pdf")).toBe(
      "etudes-d-eau-ete-2026-methodology-2026-11-23.pdf",
    );
    expect(methodologyFileName("../../etc/passwd", date, "docx")).toBe(
      "etc-passwd-methodology-2026-11-23.docx",
    );
  });

  it("falls back to the spec's name when the title leaves nothing for a file name", () => {
    const date = new Date("2026-11-23T10:00:00Z");
    expect(methodologyFileName("", date)).toBe("My-PBL-Methodology-2026-11-23.txt");
    expect(methodologyFileName("量子力学", date)).toBe("My-PBL-Methodology-2026-11-23.txt");
    expect(methodologyFileName("?!", date, "docx")).toBe("My-PBL-Methodology-2026-11-23.docx");
  });

  it("cuts a long title at a hyphen", () => {
    const slug = fileSlug(`An ${"extraordinarily ".repeat(8)}long title`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toMatch(/^an-extraordinarily-[a-z-]*[a-z]$/);
    expect(slug.endsWith("-")).toBe(false);
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

describe("the wizard's progress", () => {
  const empty = { title: "", methodology: emptyMethodology() };

  it("counts the title among the fields", () => {
    expect(WIZARD_FIELD_COUNT).toBe(13);
    expect(filledFieldCount(empty)).toBe(0);
    expect(filledFieldCount({ ...empty, title: "  " })).toBe(0);
    expect(filledFieldCount({ ...empty, title: "Lab" })).toBe(1);
    expect(
      filledFieldCount({
        title: "Lab",
        methodology: { ...emptyMethodology(), discipline: "history", timeline: "6 weeks" },
      }),
    ).toBe(3);
  });

  it("counts a step as completed only when it holds content, wherever the person is", () => {
    expect(completedStepCount(empty)).toBe(0);
    expect(stepCompleted(0, { ...empty, title: "Lab" })).toBe(false);
    expect(stepCompleted(4, { ...empty, title: "Lab" })).toBe(false);
    expect(stepCompleted(4, { ...empty, methodology: { ...emptyMethodology(), classSize: "30" } })).toBe(
      true,
    );
    const answers = {
      title: "",
      methodology: { ...emptyMethodology(), discipline: "history", coreAssessment: "Quiz" },
    };
    expect([0, 1, 2, 3, 4].map((step) => stepCompleted(step, answers))).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);
    expect(completedStepCount(answers)).toBe(2);
    expect(stepCompleted(1, { ...empty, methodology: { ...emptyMethodology(), pivotConcepts: " " } })).toBe(
      false,
    );
  });

  it("says why Complete is disabled", () => {
    const state = { saving: false, templateUnusable: false };
    expect(completeBlocker(empty, state)).toBe("Choose a discipline on step 1.");
    const chosen = { title: "", methodology: { ...emptyMethodology(), discipline: "history" } };
    expect(completeBlocker(chosen, state)).toBeUndefined();
    expect(completeBlocker(chosen, { ...state, saving: true })).toBe("Saving your methodology...");
    expect(completeBlocker(chosen, { ...state, templateUnusable: true })).toBe(
      "Only approved templates can be used to create a project.",
    );
  });
});
