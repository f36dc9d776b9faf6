import { DISCIPLINE_LABELS } from "#shared/constants.ts";
import { FIELD_LABELS, NOT_SPECIFIED, WIZARD_STEPS } from "#shared/domain/wizard.ts";
import type { PivotCard, WorkedExample } from "#shared/schemas/pivot-assets.ts";
import type { Methodology } from "#shared/schemas/projects.ts";
import type { Block, ExportDocument, ExportSection } from "./export-document.ts";

/** What the cartridge's pages are written from: the project as saved. */
export interface CartridgeProject {
  id: number;
  title: string;
  discipline: string;
  methodology: Methodology;
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const answerOf = (methodology: Methodology, field: keyof Methodology) =>
  methodology[field].trim() || NOT_SPECIFIED;

/** One section per wizard answer, titled with the wizard's label. */
const answerSections = (methodology: Methodology, fields: readonly (keyof Methodology)[]): ExportSection[] =>
  fields.map((field) => ({
    title: FIELD_LABELS[field],
    blocks: [{ kind: "paragraph", text: answerOf(methodology, field) }],
  }));

/** A titled section for a field that holds something; none for an empty one. */
const optionalSection = (title: string, blocks: Block[] | false): ExportSection[] =>
  blocks ? [{ title, blocks }] : [];

const disciplineOf = (project: CartridgeProject) =>
  DISCIPLINE_LABELS[project.discipline as keyof typeof DISCIPLINE_LABELS] ?? project.discipline;

/**
 * The launch brief: what the methodology says about the launch (spec A §3, step 3: the application
 * contexts, the scenario students work on, how they collaborate) and how the application is assessed.
 */
export function launchBriefDocument(project: CartridgeProject): ExportDocument {
  return {
    title: "Launch brief",
    subtitle: `${project.title} (${disciplineOf(project)})`,
    metadata: { title: `${project.title}: launch brief` },
    sections: answerSections(project.methodology, [...WIZARD_STEPS[2].fields, "applicationAssessment"]),
  };
}

/** The pivot: the core concepts (one a line in the wizard), their boundaries, and the pivot cards. */
export function pivotConceptsDocument(
  project: CartridgeProject,
  cards: readonly PivotCard[],
): ExportDocument {
  const { methodology } = project;
  const concepts = lines(methodology.pivotConcepts);
  return {
    title: "Pivot concepts",
    subtitle: `${project.title} (${disciplineOf(project)})`,
    metadata: { title: `${project.title}: pivot concepts` },
    sections: [
      {
        title: FIELD_LABELS.pivotConcepts,
        blocks: [{ kind: "bullets", items: concepts, empty: NOT_SPECIFIED }],
      },
      ...answerSections(methodology, ["assessmentBoundaries", "coreAssessment"]),
      {
        title: "Pivot cards",
        blocks: [{ kind: "bullets", items: cards.map((card) => card.title), empty: "No pivot cards yet." }],
      },
    ],
  };
}

const paragraph = (text: string): Block[] | false =>
  text.trim() !== "" && [{ kind: "paragraph", text: text.trim() }];

/** A pivot card: its definition, constraints, examples and the misconceptions it addresses. */
export function pivotCardDocument(card: PivotCard): ExportDocument {
  return {
    title: card.title,
    subtitle: `Pivot card (${card.disciplineLabel})`,
    metadata: { title: `Pivot card: ${card.title}` },
    sections: [
      { title: "Definition", blocks: [{ kind: "paragraph", text: card.definition }] },
      ...optionalSection("Constraints", paragraph(card.constraints)),
      ...optionalSection("Minimal example", paragraph(card.minimalExample)),
      ...optionalSection("Counter example", paragraph(card.counterExample)),
      ...optionalSection(
        "Common misconceptions",
        card.misconceptions.length > 0 && [{ kind: "bullets", items: card.misconceptions }],
      ),
    ],
  };
}

/** A worked example: its numbered steps, the self-explanation prompts and the completion problem. */
export function workedExampleDocument(example: WorkedExample): ExportDocument {
  return {
    title: example.title,
    subtitle: `Worked example for the pivot card "${example.pivotCardTitle}"`,
    metadata: { title: `Worked example: ${example.title}` },
    sections: [
      {
        title: "Steps",
        blocks: [
          { kind: "bullets", items: example.steps.map((step, index) => `Step ${index + 1}: ${step}`) },
        ],
      },
      ...optionalSection(
        "Explain it to yourself",
        example.selfExplanationPrompts.length > 0 && [
          { kind: "bullets", items: example.selfExplanationPrompts },
        ],
      ),
      ...optionalSection("Now you try", paragraph(example.completionProblem)),
    ],
  };
}
