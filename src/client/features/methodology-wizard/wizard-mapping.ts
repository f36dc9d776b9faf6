import { ALL_DISCIPLINES, type Discipline } from "#shared/constants.ts";
import type { Methodology } from "#shared/schemas/projects.ts";
import type { CreateTemplateInput, Template } from "#shared/schemas/templates.ts";
import type { WizardDraft } from "./use-wizard-draft.ts";

const lines = (text: string) =>
  text
    .split(/\n|;/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A template as a starting methodology (issue 4): outcomes, phases, duration, tools, deliverables. */
export function draftFromTemplate(template: Template, draft: WizardDraft): WizardDraft {
  const discipline = (ALL_DISCIPLINES as readonly string[]).includes(template.discipline)
    ? template.discipline
    : "other";
  const methodology: Methodology = {
    ...draft.methodology,
    discipline,
    pivotConcepts: template.learningOutcomes.join("\n"),
    launchApplications: template.template.phases.join("\n"),
    timeline: template.estimatedDuration,
    resources: template.template.tools.join(", "),
    successMetrics: template.template.deliverables.join("\n"),
  };
  return { ...draft, title: draft.title || template.name, methodology, prefilled: true };
}

/** The wizard's answers as a custom template: each application line becomes a phase. */
export function templateFromDraft(draft: WizardDraft): CreateTemplateInput {
  const { methodology, templateDetails } = draft;
  return {
    name: draft.title.trim(),
    description: templateDetails.description.trim(),
    discipline: methodology.discipline as Discipline,
    category: templateDetails.category as CreateTemplateInput["category"],
    difficultyLevel: templateDetails.difficultyLevel as CreateTemplateInput["difficultyLevel"],
    estimatedDuration: methodology.timeline.trim() || "Flexible",
    template: {
      phases: lines(methodology.launchApplications),
      deliverables: lines(methodology.successMetrics),
      tools: lines(methodology.resources.replaceAll(",", "\n")),
    },
    learningOutcomes: lines(methodology.pivotConcepts),
    implementationTips: lines(methodology.antiOverloadMeasures),
  };
}
