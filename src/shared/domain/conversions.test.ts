import { describe, expect, it } from "vitest";
import {
  CONVERSION_EXAMPLES,
  CONVERTER_DISCIPLINES,
  frameworkSections,
  normaliseDiscipline,
  previewOf,
  templateConversion,
} from "./conversions.ts";

const input = {
  originalObjective: "Students will   understand portfolio risk.",
  context: "MBA elective with working professionals",
};

describe("normaliseDiscipline (spec A §9)", () => {
  it("lowercases and turns spaces into hyphens", () => {
    expect(normaliseDiscipline("Data Science")).toBe("data-science");
    expect(normaliseDiscipline("  Information   Systems ")).toBe("information-systems");
    expect(normaliseDiscipline("FINTECH")).toBe("fintech");
    expect(normaliseDiscipline("blockchain")).toBe("blockchain");
  });
});

describe("templateConversion (spec A §9)", () => {
  it.each([
    ["blockchain", "Decentralised Solutions Lab", "Consensus mechanisms"],
    ["data-science", "Data for Decisions Studio", "statistical models"],
    ["fintech", "Financial Innovation Challenge", "open banking"],
    ["business", "Strategy Consulting Project", "unit economics"],
  ])("has its own template for %s", (discipline, title, pivotTopic) => {
    const text = templateConversion(discipline, input);
    expect(text.split("\n")[0]).toBe(title);
    expect(text).toContain(pivotTopic);
  });

  it("picks the template from the normalised discipline", () => {
    expect(templateConversion("Data Science", input)).toBe(templateConversion("data-science", input));
    expect(templateConversion("FinTech", input)).toBe(templateConversion("fintech", input));
  });

  it.each(["information-systems", "other", "philosophy", ""])(
    "gives %s the generic template",
    (discipline) => {
      expect(templateConversion(discipline, input).split("\n")[0]).toBe("Project-Based Learning Framework");
    },
  );

  it("uses the objective (whitespace tidied) and the context, when there is one", () => {
    const text = templateConversion("business", input);
    expect(text).toContain("Learning objective: Students will understand portfolio risk.");
    expect(text).toContain("Course context: MBA elective with working professionals");
    expect(templateConversion("business", { originalObjective: input.originalObjective })).not.toContain(
      "Course context",
    );
    for (const section of ["Pivot:", "Launch:", "Deliverables", "Assessment", "Anti-overload measures"]) {
      expect(text).toContain(section);
    }
  });
});

describe("examples", () => {
  it("has the three examples of the spec, each with a known discipline", () => {
    expect(CONVERSION_EXAMPLES.map((example) => example.discipline)).toEqual([
      "blockchain",
      "data-science",
      "fintech",
    ]);
    const values = CONVERTER_DISCIPLINES.map((option) => option.value as string);
    for (const example of CONVERSION_EXAMPLES) {
      expect(values).toContain(example.discipline);
      expect(example.converted.length).toBeGreaterThan(100);
    }
  });

  it("previews the first 100 characters followed by an ellipsis", () => {
    const text = "x".repeat(150);
    expect(previewOf(text)).toBe(`${"x".repeat(100)}...`);
  });
});

describe("frameworkSections (a conversion becomes a wizard project)", () => {
  it("reads every section of the built-in template, leaving out the objective and the driving question", () => {
    const sections = frameworkSections(
      templateConversion("fintech", { originalObjective: "Students will learn payments.", context: "MBA" }),
    );
    expect(sections.title).toBe("Financial Innovation Challenge");
    expect(sections.pivot).toEqual([
      "Payments, lending and investment basics",
      "Risk, regulation and consumer protection",
      "APIs, open banking and data security",
    ]);
    expect(sections.launch).toHaveLength(3);
    expect(sections.deliverables).toEqual([
      "User research summary",
      "Prototype or service blueprint",
      "Pitch with risk assessment",
    ]);
    expect(sections.assessment).toHaveLength(2);
    expect(sections.antiOverload).toHaveLength(3);
    const everything = Object.values(sections).flat().join("\n");
    expect(everything).not.toMatch(/Students will learn payments|MBA|Driving question|How can technology/);
  });

  it("has no title when the text starts with a section or a list line, and nothing for prose", () => {
    expect(frameworkSections("Pivot: first\n- A").title).toBeUndefined();
    expect(frameworkSections("- A\nB").title).toBeUndefined();
    expect(frameworkSections("Students form consulting teams that advise a co-op.")).toEqual({
      title: "Students form consulting teams that advise a co-op.",
      pivot: [],
      launch: [],
      deliverables: [],
      assessment: [],
      antiOverload: [],
    });
  });
});
