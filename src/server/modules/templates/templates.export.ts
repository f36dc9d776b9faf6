import { stringify } from "csv-stringify/sync";
import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import { DISCIPLINE_LABELS, type Discipline } from "#shared/constants.ts";
import { humanize, phaseCaption, workloadEstimate } from "#shared/domain/templates.ts";
import {
  EXPORT_CONTENT_TYPES,
  EXPORT_FILE_NAMES,
  type ExportFormat,
  type Template,
} from "#shared/schemas/templates.ts";

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const disciplineLabel = (value: string) => DISCIPLINE_LABELS[value as Discipline] ?? humanize(value);

/** spec A §7: the three export formats, with their file names. */
export async function buildTemplateExport(templates: Template[], format: ExportFormat): Promise<ExportFile> {
  const fileName = EXPORT_FILE_NAMES[format];
  switch (format) {
    case "json":
      return {
        fileName,
        contentType: `${EXPORT_CONTENT_TYPES.json}; charset=utf-8`,
        body: Buffer.from(JSON.stringify(templates, null, 2)),
      };
    case "csv":
      return {
        fileName,
        contentType: `${EXPORT_CONTENT_TYPES.csv}; charset=utf-8`,
        body: Buffer.from(templatesCsv(templates)),
      };
    case "docx":
      return {
        fileName,
        contentType: EXPORT_CONTENT_TYPES.docx,
        body: await templatesDocx(templates),
      };
  }
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

/** RFC 4180 (quoted where needed, CRLF), UTF-8 with a BOM so that Excel shows accents. */
export function templatesCsv(templates: Template[]): string {
  const join = (items: string[]) => items.join(CSV_LIST_SEPARATOR);
  const rows = templates.map((t) => [
    t.id,
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
  return stringify(rows, { header: true, columns: [...CSV_COLUMNS], bom: true, record_delimiter: "windows" });
}

const heading = (text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel]) =>
  new Paragraph({ text, heading: level, spacing: { before: 240, after: 120 } });
const bullets = (items: string[], empty: string) =>
  items.length > 0
    ? items.map((item) => new Paragraph({ text: item, bullet: { level: 0 } }))
    : [new Paragraph({ children: [new TextRun({ text: empty, italics: true })] })];
const cell = (text: string, bold = false, width = 30) =>
  new TableCell({
    width: { size: width, type: WidthType.PERCENTAGE },
    children: [new Paragraph({ children: [new TextRun({ text, bold })] })],
  });

function phasesTable(phases: string[]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        tableHeader: true,
        children: [cell("#", true, 8), cell("Phase", true, 57), cell("Focus", true, 35)],
      }),
      ...phases.map(
        (phase, index) =>
          new TableRow({
            children: [
              cell(String(index + 1), false, 8),
              cell(phase, false, 57),
              cell(phaseCaption(index), false, 35),
            ],
          }),
      ),
    ],
  });
}

function templateSection(t: Template, last: boolean) {
  const facts = [
    `Discipline: ${disciplineLabel(t.discipline)}`,
    `Category: ${humanize(t.category)}`,
    `Difficulty: ${humanize(t.difficultyLevel)}`,
    `Duration: ${t.estimatedDuration} (${workloadEstimate(t.estimatedDuration)})`,
  ].join("   ·   ");
  return [
    heading(t.name, HeadingLevel.HEADING_1),
    new Paragraph({ children: [new TextRun({ text: facts, color: "555555", size: 20 })] }),
    heading("Overview", HeadingLevel.HEADING_2),
    new Paragraph({ text: t.description }),
    heading("Project Phases", HeadingLevel.HEADING_2),
    phasesTable(t.template.phases),
    heading("Deliverables", HeadingLevel.HEADING_2),
    ...bullets(t.template.deliverables, "No deliverables listed."),
    heading("Tools and Resources", HeadingLevel.HEADING_2),
    ...bullets(t.template.tools, "No tools listed."),
    heading("Learning Outcomes", HeadingLevel.HEADING_2),
    ...bullets(t.learningOutcomes, "No learning outcomes listed."),
    heading("Implementation Tips", HeadingLevel.HEADING_2),
    ...bullets(t.implementationTips, "No implementation tips listed."),
    ...(last ? [] : [new Paragraph({ children: [new PageBreak()] })]),
  ];
}

export async function templatesDocx(templates: Template[]): Promise<Buffer> {
  const generated = new Date().toISOString().slice(0, 10);
  const titlePage = [
    new Paragraph({ spacing: { before: 2400 } }),
    new Paragraph({
      text: "Pivot-and-Launch Project Templates",
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 240 },
      children: [new TextRun({ text: "Professional Guide for Project-Based Learning", size: 32 })],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 480 },
      children: [
        new TextRun({
          text: `${templates.length} template${templates.length === 1 ? "" : "s"} · generated ${generated} by Pivot & Launch`,
          color: "555555",
        }),
      ],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 480 },
      children: [
        new TextRun({
          text: "First strengthen the core concepts (the pivot), then apply them in varied contexts (the launch).",
          italics: true,
        }),
      ],
    }),
    new Paragraph({ children: [new PageBreak()] }),
  ];
  const document = new Document({
    creator: "Pivot & Launch",
    title: "Pivot-and-Launch Project Templates",
    description: "Project templates exported from Pivot & Launch",
    sections: [
      {
        children: [
          ...titlePage,
          ...templates.flatMap((t, index) => templateSection(t, index === templates.length - 1)),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
