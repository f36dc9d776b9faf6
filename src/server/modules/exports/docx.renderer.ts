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
import {
  chartAsTable,
  columnWidths,
  type ExportDocument,
  type ExportSection,
  type FlowBlock,
  flattenColumns,
  type ParagraphBlock,
  type RichText,
  runsOf,
  type TableBlock,
  xmlText,
} from "./export-document.ts";

const MUTED = "555555";

type RunStyle = { bold?: boolean; italics?: boolean; color?: string; size?: number };

/** Text runs with Word line breaks for every "\n". */
function runs(text: RichText, style: RunStyle = {}): TextRun[] {
  return runsOf(text).flatMap((run) =>
    run.text.split(/\r?\n/).map(
      (line, index) =>
        new TextRun({
          text: xmlText(line),
          break: index > 0 ? 1 : undefined,
          ...style,
          bold: run.strong || style.bold,
          italics: run.emphasis || style.italics,
        }),
    ),
  );
}

const toneStyle = (tone: ParagraphBlock["tone"]): RunStyle =>
  tone === "muted" ? { color: MUTED, size: 20 } : tone === "emphasis" ? { italics: true } : {};

const heading = (
  text: string,
  level: (typeof HeadingLevel)[keyof typeof HeadingLevel],
  pageBreakBefore = false,
) =>
  new Paragraph({
    text: xmlText(text),
    heading: level,
    spacing: { before: 240, after: 120 },
    pageBreakBefore,
  });

function table(block: TableBlock): Table {
  const widths = columnWidths(block.columns);
  const cell = (text: string, index: number, bold: boolean) =>
    new TableCell({
      width: { size: widths[index] ?? 0, type: WidthType.PERCENTAGE },
      children: [
        new Paragraph({
          alignment: block.columns[index]?.align === "right" ? AlignmentType.RIGHT : undefined,
          children: runs(text, { bold }),
        }),
      ],
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        tableHeader: true,
        children: block.columns.map((column, index) => cell(column.label, index, true)),
      }),
      ...block.rows.map(
        (row) => new TableRow({ children: row.map((text, index) => cell(text, index, false)) }),
      ),
    ],
  });
}

function blockContent(block: FlowBlock): Array<Paragraph | Table> {
  switch (block.kind) {
    case "heading":
      return [heading(block.text, block.level === 2 ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_3)];
    case "paragraph":
      return [new Paragraph({ children: runs(block.text, toneStyle(block.tone)) })];
    case "bullets":
      if (block.items.length === 0)
        return block.empty ? [new Paragraph({ children: runs(block.empty, { italics: true }) })] : [];
      return block.items.map((item) => new Paragraph({ children: runs(item), bullet: { level: 0 } }));
    case "table":
      return [table(block)];
    case "chart":
      return [table(chartAsTable(block))];
    case "facts":
      return block.items.map(
        (fact) =>
          new Paragraph({
            children: [new TextRun({ text: `${xmlText(fact.label)}: `, bold: true }), ...runs(fact.value)],
          }),
      );
  }
}

function sectionContent(section: ExportSection, pageBreakBefore: boolean): Array<Paragraph | Table> {
  const opening: Paragraph[] = [];
  if (section.title) opening.push(heading(section.title, HeadingLevel.HEADING_1, pageBreakBefore));
  else if (pageBreakBefore) opening.push(new Paragraph({ children: [new PageBreak()] }));
  if (section.subtitle) opening.push(new Paragraph({ children: runs(section.subtitle, toneStyle("muted")) }));
  return [...opening, ...flattenColumns(section.blocks).flatMap(blockContent)];
}

/** The title page: the title, subtitle and cover lines centred, then a page break. */
function coverPage(document: ExportDocument, cover: readonly ParagraphBlock[]): Paragraph[] {
  return [
    new Paragraph({ spacing: { before: 2400 } }),
    new Paragraph({
      text: xmlText(document.title),
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
    }),
    ...(document.subtitle
      ? [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { before: 240 },
            children: [new TextRun({ text: xmlText(document.subtitle), size: 32 })],
          }),
        ]
      : []),
    ...cover.map(
      (line) =>
        new Paragraph({
          alignment: AlignmentType.CENTER,
          spacing: { before: 480 },
          children: runs(line.text, line.tone === "muted" ? { color: MUTED } : toneStyle(line.tone)),
        }),
    ),
    new Paragraph({ children: [new PageBreak()] }),
  ];
}

/** The title heading the first page when there is no title page. */
const titleBlock = (document: ExportDocument): Paragraph[] => [
  new Paragraph({ text: xmlText(document.title), heading: HeadingLevel.TITLE }),
  ...(document.subtitle ? [new Paragraph({ children: runs(document.subtitle, { size: 28 }) })] : []),
];

/** Word (.docx): Word's own heading, title, list and table styles, so the outline and TOC work. */
export async function renderDocx(document: ExportDocument): Promise<Buffer> {
  const meta = document.metadata ?? {};
  const opening = document.cover ? coverPage(document, document.cover) : titleBlock(document);
  const file = new Document({
    creator: xmlText(meta.author ?? "Pivot & Launch"),
    title: xmlText(meta.title ?? document.title),
    description: meta.description ? xmlText(meta.description) : undefined,
    keywords: meta.keywords ? xmlText(meta.keywords.join(", ")) : undefined,
    sections: [
      {
        children: [
          ...opening,
          // the title page ends with its own break, so its first section needs none
          ...document.sections.flatMap((section, index) =>
            sectionContent(section, Boolean(section.newPage) && !(index === 0 && document.cover)),
          ),
        ],
      },
    ],
  });
  return Packer.toBuffer(file);
}
