import { DISCIPLINE_LABELS, type Discipline } from "#shared/constants.ts";
import {
  EXPORT_FILE_NAMES,
  type ExportFormat,
  humanize,
  phaseCaption,
  workloadEstimate,
} from "#shared/domain/templates.ts";
import type { Template } from "#shared/schemas/templates.ts";
import type { Block, ExportDocument, ExportSection } from "../exports/export-document.ts";
import { type ExportFile, renderExport } from "../exports/render-export.ts";

const disciplineLabel = (value: string) => DISCIPLINE_LABELS[value as Discipline] ?? humanize(value);

/** spec A §7: the three export formats, with their file names. */
export async function buildTemplateExport(templates: Template[], format: ExportFormat): Promise<ExportFile> {
  const document = format === "docx" ? templatesGuide(templates) : templatesData(templates);
  return renderExport(document, format, EXPORT_FILE_NAMES[format]);
}

export const CSV_COLUMNS = [
  "id",
  "name",
  "description",
  "discipline",
  "category",
  "difficultyLevel",
  "status",
  "isFeatured",
  "estimatedDuration",
  "workload",
  "phases",
  "deliverables",
  "tools",
  "learningOutcomes",
  "implementationTips",
  "author",
  "createdAt",
] as const;
/** How list fields are joined in a CSV cell. */
export const CSV_LIST_SEPARATOR = " | ";

/** The records as data: one table row per template (CSV), the complete records themselves (JSON). */
export function templatesData(templates: Template[]): ExportDocument {
  const join = (items: string[]) => items.join(CSV_LIST_SEPARATOR);
  const rows = templates.map((t) => [
    String(t.id),
    t.name,
    t.description,
    t.discipline,
    t.category,
    t.difficultyLevel,
    t.status,
    t.isFeatured ? "yes" : "no",
    t.estimatedDuration,
    workloadEstimate(t.estimatedDuration),
    join(t.template.phases),
    join(t.template.deliverables),
    join(t.template.tools),
    join(t.learningOutcomes),
    join(t.implementationTips),
    t.authorName ?? "Pivot & Launch library",
    t.createdAt,
  ]);
  return {
    title: "Pivot-and-Launch Project Templates",
    sections: [{ blocks: [{ kind: "table", columns: CSV_COLUMNS.map((label) => ({ label })), rows }] }],
    data: templates,
  };
}

const bullets = (items: string[], empty: string): Block => ({ kind: "bullets", items, empty });
const heading = (text: string): Block => ({ kind: "heading", level: 2, text });

function templateSection(t: Template): ExportSection {
  const facts = [
    `Discipline: ${disciplineLabel(t.discipline)}`,
    `Category: ${humanize(t.category)}`,
    `Difficulty: ${humanize(t.difficultyLevel)}`,
    `Duration: ${t.estimatedDuration} (${workloadEstimate(t.estimatedDuration)})`,
  ].join("   ·   ");
  return {
    title: t.name,
    newPage: true,
    blocks: [
      { kind: "paragraph", text: facts, tone: "muted" },
      heading("Overview"),
      { kind: "paragraph", text: t.description },
      heading("Project Phases"),
      {
        kind: "table",
        columns: [
          { label: "#", width: 8 },
          { label: "Phase", width: 57 },
          { label: "Focus", width: 35 },
        ],
        rows: t.template.phases.map((phase, index) => [String(index + 1), phase, phaseCaption(index)]),
      },
      heading("Deliverables"),
      bullets(t.template.deliverables, "No deliverables listed."),
      heading("Tools and Resources"),
      bullets(t.template.tools, "No tools listed."),
      heading("Learning Outcomes"),
      bullets(t.learningOutcomes, "No learning outcomes listed."),
      heading("Implementation Tips"),
      bullets(t.implementationTips, "No implementation tips listed."),
    ],
  };
}

/** The professional guide: a title page, then per template its facts, overview, phases and lists. */
export function templatesGuide(templates: Template[], date = new Date()): ExportDocument {
  const generated = date.toISOString().slice(0, 10);
  return {
    title: "Pivot-and-Launch Project Templates",
    subtitle: "Professional Guide for Project-Based Learning",
    cover: [
      {
        kind: "paragraph",
        text: `${templates.length} template${templates.length === 1 ? "" : "s"} · generated ${generated} by Pivot & Launch`,
        tone: "muted",
      },
      {
        kind: "paragraph",
        text: "First strengthen the core concepts (the pivot), then apply them in varied contexts (the launch).",
        tone: "emphasis",
      },
    ],
    metadata: { author: "Pivot & Launch", description: "Project templates exported from Pivot & Launch" },
    sections: templates.map(templateSection),
  };
}

export async function templatesDocx(templates: Template[]): Promise<Buffer> {
  return (await renderExport(templatesGuide(templates), "docx", EXPORT_FILE_NAMES.docx)).body;
}
