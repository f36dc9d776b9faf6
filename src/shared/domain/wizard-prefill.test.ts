import { describe, expect, it } from "vitest";
import { templateConversion } from "./conversions.ts";
import { emptyMethodology } from "./wizard.ts";
import { applyPrefill, prefillFromConversion, prefillFromTemplate, splitPhases } from "./wizard-prefill.ts";

/** The shape of the seeded library's first template (templates.seed-data.ts), shortened. */
const libraryTemplate = {
  name: "Blockchain Applications",
  discipline: "blockchain",
  estimatedDuration: "8-12 weeks",
  template: {
    phases: [
      "Pivot: master hashing, Merkle trees and digital signatures",
      "Pivot: compare proof of work and proof of stake",
      "Interview the partner and write a one-page problem statement",
      "Launch: demo the prototype to the partner",
    ],
    deliverables: ["One-page problem statement", "Partner demo"],
    tools: ["Hardhat", " Slither static analyser "],
  },
  learningOutcomes: ["Explain how consensus works", "Evaluate whether a blockchain adds value"],
  implementationTips: ["Open every week with a retrieval quiz"],
};

describe("splitPhases", () => {
  it("puts phases marked Pivot first, every other phase with the launch, without their marks", () => {
    expect(splitPhases(libraryTemplate.template.phases)).toEqual({
      pivot: [
        "Master hashing, Merkle trees and digital signatures",
        "Compare proof of work and proof of stake",
      ],
      launch: [
        "Interview the partner and write a one-page problem statement",
        "Demo the prototype to the partner",
      ],
    });
  });

  it("reads the mark in any case and with a dash, and skips empty phases", () => {
    expect(splitPhases(["PIVOT - read", "  ", "launch: build", "pivotal moment in history"])).toEqual({
      pivot: ["Read"],
      launch: ["Build", "Pivotal moment in history"],
    });
  });
});

describe("prefillFromTemplate (Use Template)", () => {
  it("puts each part of a template where it belongs", () => {
    expect(prefillFromTemplate(libraryTemplate)).toEqual({
      title: "Blockchain Applications",
      methodology: {
        discipline: "blockchain",
        pivotConcepts:
          "Master hashing, Merkle trees and digital signatures\nCompare proof of work and proof of stake",
        assessmentBoundaries: "Explain how consensus works\nEvaluate whether a blockchain adds value",
        launchApplications:
          "Interview the partner and write a one-page problem statement\nDemo the prototype to the partner",
        applicationAssessment: "One-page problem statement\nPartner demo",
        antiOverloadMeasures: "Open every week with a retrieval quiz",
        timeline: "8-12 weeks",
        resources: "Hardhat, Slither static analyser",
        successMetrics: "One-page problem statement\nPartner demo",
      },
    });
  });

  it("takes the outcomes as core concepts when no phase is marked Pivot (a template the wizard made)", () => {
    const custom = {
      ...libraryTemplate,
      discipline: "astrophysics",
      template: {
        ...libraryTemplate.template,
        phases: ["Observe a variable star", "Publish the light curve"],
      },
    };
    const { methodology } = prefillFromTemplate(custom);
    expect(methodology.pivotConcepts).toBe(
      "Explain how consensus works\nEvaluate whether a blockchain adds value",
    );
    expect(methodology.assessmentBoundaries).toBe("");
    expect(methodology.launchApplications).toBe("Observe a variable star\nPublish the light curve");
    expect(methodology.discipline).toBe("other");
  });
});

describe("prefillFromConversion (Create Wizard Project)", () => {
  it("reads the built-in template's sections", () => {
    const framework = templateConversion("blockchain", {
      originalObjective: "Students will understand how blockchain consensus mechanisms work.",
      context: "Second-year computing",
    });
    const prefill = prefillFromConversion({
      originalObjective: "Students will understand how blockchain consensus mechanisms work.",
      discipline: "blockchain",
      convertedFramework: framework,
    });
    expect(prefill.title).toBe("Decentralised Solutions Lab");
    expect(prefill.methodology.discipline).toBe("blockchain");
    expect(prefill.methodology.pivotConcepts?.split("\n")).toEqual([
      "Hashing, digital signatures and how blocks are chained",
      "Consensus mechanisms and their trade-offs (proof of work, proof of stake)",
      "Smart contracts: state, transactions and gas",
    ]);
    expect(prefill.methodology.launchApplications?.split("\n")).toHaveLength(3);
    expect(prefill.methodology.launchApplications).toMatch(/^Teams pick a partner scenario/);
    expect(prefill.methodology.successMetrics).toBe(
      "Scenario analysis\nWorking prototype with tests\nFeasibility brief and demo",
    );
    expect(prefill.methodology.applicationAssessment).toBe(prefill.methodology.successMetrics);
    expect(prefill.methodology.coreAssessment).toMatch(/^Short concept checks/);
    expect(prefill.methodology.antiOverloadMeasures?.split("\n")).toHaveLength(3);
  });

  it("reads a model's answer with Markdown it was asked not to use", () => {
    const prefill = prefillFromConversion({
      originalObjective: "Students will be able to apply regression analysis to datasets.",
      discipline: "other",
      convertedFramework: [
        "**Title: Bus Ridership Detectives**",
        "## Driving question",
        "- Why does ridership vary?",
        "## Pivot Elements:",
        "* Data cleaning",
        "1. Regression diagnostics",
        "Launch Applications",
        "• Analyse open transport data",
        "Launch the briefing with the council",
      ].join("\n"),
    });
    expect(prefill.title).toBe("Bus Ridership Detectives");
    expect(prefill.methodology.discipline).toBe("other");
    expect(prefill.methodology.pivotConcepts).toBe("Data cleaning\nRegression diagnostics");
    expect(prefill.methodology.launchApplications).toBe(
      "Analyse open transport data\nLaunch the briefing with the council",
    );
    expect(prefill.methodology.successMetrics).toBe("");
  });

  it("titles a framework without a title line after the objective, and a converter-only discipline as other", () => {
    const objective = `Students will ${"analyse ".repeat(20)}data.`;
    const prefill = prefillFromConversion({
      originalObjective: objective,
      discipline: "sociology",
      convertedFramework: "Pivot: core\n- Sampling",
    });
    expect(prefill.title.length).toBeLessThanOrEqual(83);
    expect(prefill.title).toMatch(/^Students will analyse analyse .*\.\.\.$/);
    expect(prefill.methodology.pivotConcepts).toBe("Sampling");
    expect(prefill.methodology.discipline).toBe("other");
  });
});

describe("applyPrefill", () => {
  it("replaces answers it has, keeps the others and a title already typed", () => {
    const draft = {
      step: 2,
      title: "",
      methodology: { ...emptyMethodology(), classSize: "40 students", pivotConcepts: "Old" },
    };
    const applied = applyPrefill(draft, {
      title: "Lab",
      methodology: { pivotConcepts: "New", timeline: "" },
    });
    expect(applied).toEqual({
      step: 2,
      title: "Lab",
      methodology: { ...draft.methodology, pivotConcepts: "New" },
    });
    expect(applyPrefill({ ...draft, title: "Mine" }, { title: "Lab", methodology: {} }).title).toBe("Mine");
  });
});
