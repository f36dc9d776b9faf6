import { DISCIPLINE_LABELS, type Discipline } from "#shared/constants.ts";
import { MASTERY_MEANING } from "#shared/domain/mastery.ts";
import { FIELD_LABELS, NOT_SPECIFIED, WIZARD_STEPS } from "#shared/domain/wizard.ts";
import type { Methodology } from "#shared/schemas/projects.ts";
import type { Block, ExportDocument, ExportSection } from "../exports/export-document.ts";

export interface ToolkitMaterial {
  author: string;
  date: Date;
  projects: Array<{
    id: number;
    title: string;
    discipline: string;
    status: string;
    methodology: Methodology;
    createdAt: Date;
    templateName: string | null;
  }>;
  conversions: Array<{
    id: number;
    discipline: string;
    originalObjective: string;
    convertedFramework: string;
    feedbackRating: number | null;
    createdAt: Date;
  }>;
  templatesUsed: Array<{ name: string; uses: number }>;
  pivotCards: Array<{
    id: number;
    title: string;
    disciplineLabel: string;
    masteryLevel: number;
    retrievalCount: number;
    projectId: number | null;
  }>;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const disciplineLabel = (value: string) => DISCIPLINE_LABELS[value as Discipline] ?? value;
const percent = (level: number) => `${Math.round(level * 100)}%`;

/** The method's part of the guide: the same for everyone. */
export const METHOD = {
  pivot:
    "Pivot: first strengthen the core concepts of the discipline: a few essential ideas, taught and practised until they hold, with clear boundaries on what is assessed.",
  launch:
    "Launch: then apply those concepts in varied, authentic contexts: projects, cases and collaborations that transfer the core to new situations.",
  principles: [
    "Fewer, deeper core concepts: name what is essential and leave out what is not.",
    "Sequence: secure the pivot before the launch; one new demand at a time.",
    "Retrieval practice spaced over time instead of re-reading (Pivot Assets schedules it).",
    "Worked examples first, then completion problems, then independent work.",
    "Clear assessment boundaries, so students know what to focus on.",
    "Check in on cognitive load and cut extraneous load: tools, instructions and interruptions.",
  ],
} as const;

const stepBlocks = (): Block[] =>
  WIZARD_STEPS.flatMap((step, index) => [
    { kind: "heading" as const, level: 2 as const, text: `Step ${index + 1}: ${step.title}` },
    { kind: "bullets" as const, items: step.fields.map((field) => FIELD_LABELS[field]) },
  ]);

const projectBlocks = (project: ToolkitMaterial["projects"][number]): Block[] => [
  { kind: "heading", level: 2, text: project.title },
  {
    kind: "facts",
    items: [
      { label: "Discipline", value: disciplineLabel(project.discipline) },
      { label: "Status", value: project.status },
      { label: "Created", value: day(project.createdAt) },
      ...(project.templateName ? [{ label: "Template", value: project.templateName }] : []),
      ...WIZARD_STEPS.flatMap((step) => step.fields)
        .filter((field) => field !== "discipline")
        .map((field) => ({
          label: FIELD_LABELS[field],
          value: project.methodology[field]?.trim() || NOT_SPECIFIED,
        })),
    ],
  },
];

/**
 * The toolkit guide (spec B §7): the Pivot-and-Launch method, its anti-overload
 * principles and the five wizard steps, then the person's own projects with their methodology,
 * rated objective conversions, templates used and pivot cards with their mastery.
 */
export function toolkitDocument(material: ToolkitMaterial): ExportDocument {
  const sections: ExportSection[] = [
    {
      title: "The Pivot-and-Launch Method",
      blocks: [
        { kind: "paragraph", text: [{ text: "Pivot: ", strong: true }, { text: METHOD.pivot.slice(7) }] },
        { kind: "paragraph", text: [{ text: "Launch: ", strong: true }, { text: METHOD.launch.slice(8) }] },
        { kind: "heading", level: 2, text: "Anti-Overload Principles" },
        { kind: "bullets", items: METHOD.principles },
      ],
    },
    { title: "The Five Wizard Steps", blocks: stepBlocks() },
    {
      title: "My Projects",
      newPage: true,
      blocks:
        material.projects.length === 0
          ? [
              {
                kind: "paragraph",
                tone: "muted",
                text: "No projects yet: the Methodology Wizard creates them.",
              },
            ]
          : material.projects.flatMap(projectBlocks),
    },
    {
      title: "Rated Objective Conversions",
      blocks:
        material.conversions.length === 0
          ? [{ kind: "paragraph", tone: "muted", text: "No rated conversions yet." }]
          : material.conversions.flatMap((conversion): Block[] => [
              { kind: "heading", level: 2, text: conversion.originalObjective.slice(0, 120) },
              {
                kind: "facts",
                items: [
                  { label: "Discipline", value: disciplineLabel(conversion.discipline) },
                  { label: "Rating", value: `${conversion.feedbackRating} / 5` },
                  { label: "Converted", value: day(conversion.createdAt) },
                ],
              },
              { kind: "paragraph", text: conversion.convertedFramework },
            ]),
    },
    {
      title: "Templates Used",
      blocks: [
        {
          kind: "bullets",
          items: material.templatesUsed.map(
            (t) => `${t.name} (${t.uses === 1 ? "used once" : `used ${t.uses} times`})`,
          ),
          empty: "No templates used yet.",
        },
      ],
    },
    {
      title: "Pivot Cards",
      blocks:
        material.pivotCards.length === 0
          ? [{ kind: "paragraph", tone: "muted", text: "No pivot cards yet." }]
          : [
              {
                kind: "table",
                columns: [
                  { label: "Concept", width: 45 },
                  { label: "Discipline", width: 25 },
                  { label: "Mastery", width: 15, align: "right" },
                  { label: "Reviews", align: "right" },
                ],
                rows: material.pivotCards.map((card) => [
                  card.title,
                  card.disciplineLabel,
                  percent(card.masteryLevel),
                  String(card.retrievalCount),
                ]),
              },
              // A document has no tooltip: the figure's meaning is written under the table.
              { kind: "paragraph", tone: "muted", text: MASTERY_MEANING },
            ],
    },
  ];
  return {
    title: "Pivot-and-Launch PBL Toolkit Guide",
    subtitle: `${material.author} · ${day(material.date)}`,
    metadata: {
      author: material.author,
      description:
        "The Pivot-and-Launch method and one's own projects, conversions, templates and pivot cards",
    },
    sections,
    data: {
      title: "Pivot-and-Launch PBL Toolkit Guide",
      author: material.author,
      generatedAt: material.date.toISOString(),
      method: {
        pivot: METHOD.pivot,
        launch: METHOD.launch,
        antiOverloadPrinciples: METHOD.principles,
        wizardSteps: WIZARD_STEPS.map((step, index) => ({
          step: index + 1,
          title: step.title,
          fields: step.fields.map((field) => FIELD_LABELS[field]),
        })),
      },
      projects: material.projects.map((project) => ({
        id: project.id,
        title: project.title,
        discipline: project.discipline,
        status: project.status,
        template: project.templateName,
        createdAt: project.createdAt.toISOString(),
        methodology: project.methodology,
      })),
      ratedConversions: material.conversions.map((conversion) => ({
        ...conversion,
        createdAt: conversion.createdAt.toISOString(),
      })),
      templatesUsed: material.templatesUsed,
      pivotCards: material.pivotCards.map((card) => ({
        id: card.id,
        title: card.title,
        discipline: card.disciplineLabel,
        masteryLevel: card.masteryLevel,
        retrievalCount: card.retrievalCount,
        projectId: card.projectId,
      })),
    },
  };
}
