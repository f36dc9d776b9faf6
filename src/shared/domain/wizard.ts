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

/** spec A §9: My-PBL-Methodology-{date}.txt, with the date as YYYY-MM-DD (also .docx and .pdf). */
export const methodologyFileName = (date: Date, extension: "txt" | "docx" | "pdf" = "txt") =>
  `My-PBL-Methodology-${date.toISOString().slice(0, 10)}.${extension}`;

export const METHODOLOGY_TITLE = "Pivot-and-Launch PBL Methodology";

export interface MethodologyFact {
  label: string;
  value: string;
}

/** The downloaded methodology's content, in the spec's words; every file format is written from it. */
export interface MethodologyOutline {
  title: string;
  /** Project and Created. */
  facts: MethodologyFact[];
  /** One per wizard step ("Step 1: Select Your Discipline"), every field with its answer. */
  steps: Array<{ title: string; facts: MethodologyFact[] }>;
}

/** The downloaded configuration: every field, 'Not specified yet' where empty (spec A §2). */
export function methodologyOutline(
  methodology: Methodology,
  title: string,
  date: Date,
  disciplineLabel: string,
): MethodologyOutline {
  const value = (field: keyof Methodology) => {
    const text =
      field === "discipline"
        ? methodology.discipline === DISCIPLINE_PLACEHOLDER
          ? ""
          : disciplineLabel
        : methodology[field];
    return text.trim() || NOT_SPECIFIED;
  };
  return {
    title: METHODOLOGY_TITLE,
    facts: [
      { label: "Project", value: title.trim() || NOT_SPECIFIED },
      { label: "Created", value: date.toISOString().slice(0, 10) },
    ],
    steps: WIZARD_STEPS.map((step, index) => ({
      title: `Step ${index + 1}: ${step.title}`,
      facts: step.fields.map((field) => ({ label: FIELD_LABELS[field], value: value(field) })),
    })),
  };
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
