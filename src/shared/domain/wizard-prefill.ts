// What a wizard project starts from: a template of the library ("Use
// Template") or a conversion of the Learning Objectives Converter ("Create Wizard Project"). Each
// part goes to the wizard field it belongs to; the wizard applies the result once, the same way for
// both. Pure: used by the wizard screen, unit-tested beside it.

import { ALL_DISCIPLINES } from "../constants.ts";
import type { Methodology } from "../schemas/projects.ts";
import { frameworkSections } from "./conversions.ts";

/** What a pre-fill sets: a title, and the answers it has something for (the rest stay as they are). */
export interface WizardPrefill {
  title: string;
  methodology: Partial<Methodology>;
}

/** The parts of a template the wizard uses (the template schema's own shape). */
export interface TemplateParts {
  name: string;
  discipline: string;
  estimatedDuration: string;
  template: { phases: readonly string[]; deliverables: readonly string[]; tools: readonly string[] };
  learningOutcomes: readonly string[];
  implementationTips: readonly string[];
}

/** A template's or conversion's discipline as a wizard discipline ("other" when the wizard has none such). */
export const wizardDiscipline = (discipline: string) =>
  (ALL_DISCIPLINES as readonly string[]).includes(discipline) ? discipline : "other";

const PHASE_MARK = /^\s*(pivot|launch)\s*[:\u2013\u2014-]\s*/i;

/** A phase without its "Pivot:" or "Launch:" mark, starting with a capital ("Pivot: master x" → "Master x"). */
const unmarked = (phase: string) => {
  const text = phase.replace(PHASE_MARK, "").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * The library marks the phases that strengthen the core with "Pivot:" (spec: the pivot comes first);
 * every other phase applies it, whether it says "Launch:" or not (interview the partner, build,
 * pilot, "Launch: demo to the partner").
 */
export function splitPhases(phases: readonly string[]): { pivot: string[]; launch: string[] } {
  const pivot: string[] = [];
  const launch: string[] = [];
  for (const phase of phases) {
    if (!phase.trim()) continue;
    const mark = PHASE_MARK.exec(phase)?.[1]?.toLowerCase();
    (mark === "pivot" ? pivot : launch).push(unmarked(phase));
  }
  return { pivot, launch };
}

const lines = (items: readonly string[]) =>
  items
    .map((item) => item.trim())
    .filter(Boolean)
    .join("\n");

/**
 * "Use Template": pivot phases into Core Concepts, the other (launch) phases into
 * Application Contexts, deliverables into Application Assessment and Success Metrics, tools into
 * Required Resources, the duration into Project Timeline, the implementation tips into
 * Anti-Overload Measures and the learning outcomes into Assessment Boundaries (what the core
 * assessment covers). A template without a phase marked "Pivot:" (a custom template made by the
 * wizard, whose concepts became its outcomes) gives its outcomes as the core concepts instead.
 */
export function prefillFromTemplate(template: TemplateParts): WizardPrefill {
  const { pivot, launch } = splitPhases(template.template.phases);
  const outcomes = lines(template.learningOutcomes);
  const deliverables = lines(template.template.deliverables);
  return {
    title: template.name.trim(),
    methodology: {
      discipline: wizardDiscipline(template.discipline),
      pivotConcepts: pivot.length > 0 ? lines(pivot) : outcomes,
      assessmentBoundaries: pivot.length > 0 ? outcomes : "",
      launchApplications: lines(launch),
      applicationAssessment: deliverables,
      antiOverloadMeasures: lines(template.implementationTips),
      timeline: template.estimatedDuration.trim(),
      resources: template.template.tools
        .map((tool) => tool.trim())
        .filter(Boolean)
        .join(", "),
      successMetrics: deliverables,
    },
  };
}

/** A conversion the wizard can start from: a saved one, or the result on screen. */
export interface ConversionParts {
  originalObjective: string;
  discipline: string;
  convertedFramework: string;
}

const TITLE_MAX = 160;

/** A title from the objective when the framework has none: its first words, cut at a word. */
function titleFromObjective(objective: string): string {
  const text = objective.trim().replace(/\s+/g, " ");
  if (text.length <= 80) return text;
  const cut = text.slice(0, 80);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 40 ? cut.lastIndexOf(" ") : 80)}...`;
}

/**
 * "Create Wizard Project" from a conversion: its Pivot lines into Core Concepts,
 * its Launch lines into Application Contexts, its Deliverables into Application Assessment and
 * Success Metrics (as a template's), Assessment into Core Knowledge Assessment and Anti-overload
 * measures into Anti-Overload Measures; the framework's first line is the title (else the
 * objective's first words) and its discipline the wizard's when the wizard has it.
 */
export function prefillFromConversion(conversion: ConversionParts): WizardPrefill {
  const framework = frameworkSections(conversion.convertedFramework);
  const title = (framework.title ?? titleFromObjective(conversion.originalObjective)).slice(0, TITLE_MAX);
  const deliverables = lines(framework.deliverables);
  return {
    title,
    methodology: {
      discipline: wizardDiscipline(conversion.discipline),
      pivotConcepts: lines(framework.pivot),
      launchApplications: lines(framework.launch),
      coreAssessment: lines(framework.assessment),
      applicationAssessment: deliverables,
      antiOverloadMeasures: lines(framework.antiOverload),
      successMetrics: deliverables,
    },
  };
}

/** Applies a pre-fill: every answer it has replaces the draft's, the title only when none was typed. */
export function applyPrefill<T extends { title: string; methodology: Methodology }>(
  draft: T,
  prefill: WizardPrefill,
): T {
  const methodology = { ...draft.methodology };
  for (const [field, value] of Object.entries(prefill.methodology) as Array<[keyof Methodology, string]>) {
    if (value) methodology[field] = value;
  }
  return { ...draft, title: draft.title.trim() ? draft.title : prefill.title, methodology };
}
