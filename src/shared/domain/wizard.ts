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

/**
 * A file-name part from free text: lowercase ASCII letters and digits joined by single hyphens,
 * accents dropped ("Études d'eau" → "etudes-d-eau"), cut at a hyphen to at most `max` characters;
 * "" when nothing usable is left (a title in Greek or Chinese, only punctuation).
 */
export function fileSlug(text: string, max = 60): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max);
  const hyphen = cut.lastIndexOf("-");
  return (hyphen > max / 2 ? cut.slice(0, hyphen) : cut).replace(/-+$/, "");
}

/**
 * The methodology download (instead of spec A §9's My-PBL-Methodology-{date}):
 * `{project-title}-methodology-{date}.txt` (also .docx and .pdf), the title as a file slug and the
 * date as YYYY-MM-DD; the spec's name when the title leaves no slug.
 */
export function methodologyFileName(
  title: string,
  date: Date,
  extension: "txt" | "docx" | "pdf" = "txt",
): string {
  const day = date.toISOString().slice(0, 10);
  const slug = fileSlug(title);
  return slug ? `${slug}-methodology-${day}.${extension}` : `My-PBL-Methodology-${day}.${extension}`;
}

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

/** A methodology's answers with the project's title: what the wizard's progress counts. */
export interface WizardAnswers {
  title: string;
  methodology: Methodology;
}

const answered = (methodology: Methodology, field: keyof Methodology) =>
  field === "discipline"
    ? methodology.discipline !== DISCIPLINE_PLACEHOLDER && methodology.discipline.trim() !== ""
    : methodology[field].trim() !== "";

/** Every field the wizard asks for: the title and the twelve answers (Your Progress: "n of 13"). */
export const WIZARD_FIELD_COUNT = 1 + Object.keys(FIELD_LABELS).length;

/** How many of the wizard's fields hold something (the title counts). */
export function filledFieldCount({ title, methodology }: WizardAnswers): number {
  const fields = Object.keys(FIELD_LABELS) as Array<keyof Methodology>;
  return (title.trim() ? 1 : 0) + fields.filter((field) => answered(methodology, field)).length;
}

/**
 * Whether a step counts as completed: it holds content, wherever the person is now.
 * Step 1 when its discipline is chosen (what Complete needs); every other step when at least one
 * of its answers is filled. The title, asked on steps 1 and 5, counts as a field filled but
 * completes no step on its own: it is one value, and a step is about the methodology.
 */
export function stepCompleted(step: number, { methodology }: WizardAnswers): boolean {
  const fields = WIZARD_STEPS[step]?.fields;
  if (!fields) return false;
  return fields.some((field) => answered(methodology, field));
}

export const completedStepCount = (answers: WizardAnswers) =>
  WIZARD_STEPS.filter((_, step) => stepCompleted(step, answers)).length;

/** Why Complete cannot be pressed now (shown beside the disabled button), or undefined when it can. */
export function completeBlocker(
  answers: WizardAnswers,
  state: { saving: boolean; templateUnusable: boolean },
): string | undefined {
  if (state.templateUnusable) return "Only approved templates can be used to create a project.";
  if (!answered(answers.methodology, "discipline")) return "Choose a discipline on step 1.";
  if (state.saving) return "Saving your methodology...";
  return undefined;
}
