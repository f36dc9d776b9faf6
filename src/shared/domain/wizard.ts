import type { Methodology } from "../schemas/projects.ts";

/** spec A §2: the five steps of the Methodology Wizard. */
export const WIZARD_STEPS = [
  { title: "Select Your Discipline", fields: ["discipline"] },
  { title: "Define Core Concepts (Pivot)", fields: ["pivotConcepts", "assessmentBoundaries"] },
  { title: "Plan Applications (Launch)", fields: ["launchApplications", "collaborationMethods"] },
  {
    title: "Assessment Strategy",
    fields: ["coreAssessment", "applicationAssessment", "antiOverloadMeasures"],
  },
  { title: "Implementation Plan", fields: ["timeline", "classSize", "resources", "successMetrics"] },
] as const satisfies ReadonlyArray<{ title: string; fields: ReadonlyArray<keyof Methodology> }>;

export const FIELD_LABELS: Record<keyof Methodology, string> = {
  discipline: "Discipline",
  pivotConcepts: "Core Concepts",
  assessmentBoundaries: "Assessment Boundaries",
  launchApplications: "Application Contexts",
  collaborationMethods: "Collaboration Methods",
  coreAssessment: "Core Knowledge Assessment",
  applicationAssessment: "Application Assessment",
  antiOverloadMeasures: "Anti-Overload Measures",
  timeline: "Project Timeline",
  classSize: "Class Size",
  resources: "Required Resources",
  successMetrics: "Success Metrics",
};

export const NOT_SPECIFIED = "Not specified yet";
export const DISCIPLINE_PLACEHOLDER = "select";

export const emptyMethodology = (): Methodology => ({
  discipline: DISCIPLINE_PLACEHOLDER,
  pivotConcepts: "",
  assessmentBoundaries: "",
  launchApplications: "",
  collaborationMethods: "",
  coreAssessment: "",
  applicationAssessment: "",
  antiOverloadMeasures: "",
  timeline: "",
  classSize: "",
  resources: "",
  successMetrics: "",
});

/** spec A §9: My-PBL-Methodology-{date}.txt, with the date as YYYY-MM-DD. */
export const methodologyFileName = (date: Date) =>
  `My-PBL-Methodology-${date.toISOString().slice(0, 10)}.txt`;

/** The downloaded configuration: every field, 'Not specified yet' where empty (spec A §2). */
export function methodologyText(
  methodology: Methodology,
  title: string,
  date: Date,
  disciplineLabel: string,
): string {
  const value = (field: keyof Methodology) => {
    const text =
      field === "discipline"
        ? methodology.discipline === DISCIPLINE_PLACEHOLDER
          ? ""
          : disciplineLabel
        : methodology[field];
    return text.trim() || NOT_SPECIFIED;
  };
  const lines = [
    "PIVOT-AND-LAUNCH PBL METHODOLOGY",
    `Project: ${title.trim() || NOT_SPECIFIED}`,
    `Created: ${date.toISOString().slice(0, 10)}`,
    "",
  ];
  WIZARD_STEPS.forEach((step, index) => {
    lines.push(`STEP ${index + 1}: ${step.title.toUpperCase()}`);
    for (const field of step.fields) lines.push(`${FIELD_LABELS[field]}: ${value(field)}`);
    lines.push("");
  });
  return lines.join("\n");
}

/** The share (0-100) of a step's fields that hold an answer. */
const filledShare = (methodology: Methodology, fields: ReadonlyArray<keyof Methodology>) =>
  Math.round((fields.filter((field) => methodology[field].trim() !== "").length / fields.length) * 100);

/** The dashboard's Pivot and Launch bars: how much of each step of a project is filled in. */
export function methodologyProgress(methodology: Methodology): { pivot: number; launch: number } {
  return {
    pivot: filledShare(methodology, WIZARD_STEPS[1].fields),
    launch: filledShare(methodology, WIZARD_STEPS[2].fields),
  };
}
