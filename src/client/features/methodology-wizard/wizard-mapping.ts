import type { Discipline } from "#shared/constants.ts";
import type { CreateTemplateInput } from "#shared/schemas/templates.ts";
import type { WizardDraft } from "./use-wizard-draft.ts";

const lines = (text: string) =>
  text
    .split(/\n|;/)
    .map((line) => line.trim())
    .filter(Boolean);

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
