/**
 * The neutral document every file export is written from
 * (docs/decisions/0020-exports-from-one-document-model.md). A feature
 * says *what* its file holds; the renderers (`*.renderer.ts`) decide how each format shows it, so
 * a new export is one function returning an ExportDocument and a new format is one renderer.
 */

/** A piece of text with its own emphasis, inside a paragraph. */
export interface TextRun {
  text: string;
  /** Bold (and, on slides, the accent colour): a run-in label such as "Pivot: ". */
  strong?: boolean;
  /** Italic. */
  emphasis?: boolean;
}

/** Plain text, or runs with emphasis. A "\n" inside is a line break. */
export type RichText = string | readonly TextRun[];

/** A label and its value ("Class Size: 30"); a value may span lines. */
export interface Fact {
  label: string;
  value: string;
}

export interface TableColumn {
  label: string;
  /** The column's share of the table's width, in percent; unset columns share what is left. */
  width?: number;
  align?: "left" | "right";
}

export type Block =
  /** Level 2 and 3 headings inside a section; the section's title is level 1. */
  | { kind: "heading"; level: 2 | 3; text: string }
  | { kind: "paragraph"; text: RichText; tone?: "muted" | "emphasis" }
  /** A bulleted list; `empty` is printed (in italics) when there are no items. */
  | { kind: "bullets"; items: readonly string[]; empty?: string }
  /** A table with a header row; every row has one cell per column. */
  | { kind: "table"; columns: readonly TableColumn[]; rows: readonly (readonly string[])[] }
  /** Labelled values: lines of "Label: value" in text, a two-column table on slides. */
  | { kind: "facts"; items: readonly Fact[] }
  /**
   * A chart of one series: drawn as vector graphics in PDF, a titled table of its points in the
   * other formats (analytics report).
   */
  | ChartBlock
  /** Blocks side by side where the format can (slides, HTML), one after another elsewhere. */
  | { kind: "columns"; columns: readonly (readonly Block[])[] };

export interface ChartBlock {
  kind: "chart";
  /** Bars (a distribution) or a line (a trend over time). */
  chart: "bar" | "line";
  title: string;
  /** The label of the values' column where the chart is a table ("Events"). */
  valueLabel: string;
  points: readonly { label: string; value: number }[];
}

/** A chart as the table of its points, titled, for the formats that do not draw it. */
export const chartAsTable = (block: ChartBlock): TableBlock => ({
  kind: "table",
  columns: [{ label: block.title }, { label: block.valueLabel, width: 25, align: "right" }],
  rows: block.points.map((point) => [point.label, String(point.value)]),
});

/** A part of the document: a slide in PPTX, a titled part (optionally on a new page) elsewhere. */
export interface ExportSection {
  /** The section's heading (level 1; the slide's title). */
  title?: string;
  /** A muted line under the title. */
  subtitle?: string;
  blocks: readonly Block[];
  /** Paged formats (DOCX, PDF) start the section on a new page. */
  newPage?: boolean;
}

/** File properties: what Word's, Acrobat's and PowerPoint's "Properties" show. */
export interface ExportMetadata {
  /** The file's title property when it should differ from the visible title. */
  title?: string;
  author?: string;
  /** The author's organisation (PPTX company). */
  organisation?: string;
  description?: string;
  keywords?: readonly string[];
  /** BCP 47 language of the text (HTML `lang`, PDF `Lang`); "en" when unset. */
  language?: string;
}

export interface ExportDocument {
  title: string;
  subtitle?: string;
  /**
   * Lines under the title and subtitle on a title page of their own (DOCX, PDF) or the title
   * slide (PPTX). Without them the title heads the first page and there is no title page.
   */
  cover?: readonly ParagraphBlock[];
  metadata?: ExportMetadata;
  sections: readonly ExportSection[];
  /**
   * The records the document was made from. JSON writes them as they are (a list of templates
   * stays a list of templates); without them JSON writes the document itself.
   */
  data?: unknown;
}

/** The plain text of rich text (for formats without emphasis, and for measuring). */
export const plainText = (text: RichText): string =>
  typeof text === "string" ? text : text.map((run) => run.text).join("");

// C0 controls other than tab and line breaks, and U+FFFE/U+FFFF: XML 1.0 (DOCX, PPTX) cannot hold them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text an XML file can hold: the characters XML 1.0 forbids dropped (a stored answer may hold them). */
export const xmlText = (text: string) => text.replace(NOT_XML, "");

/** Rich text as runs. */
export const runsOf = (text: RichText): readonly TextRun[] => (typeof text === "string" ? [{ text }] : text);

/** Any block but columns: what a single flow of text is made of. */
export type FlowBlock = Exclude<Block, { kind: "columns" }>;
export type TableBlock = Extract<Block, { kind: "table" }>;
export type ParagraphBlock = Extract<Block, { kind: "paragraph" }>;

/** The blocks of a section in reading order, with columns laid out one after another. */
export const flattenColumns = (blocks: readonly Block[]): FlowBlock[] =>
  blocks.flatMap((block) => (block.kind === "columns" ? block.columns.flatMap(flattenColumns) : [block]));

/** The first table of a document: the one a CSV export writes. */
export function firstTable(document: ExportDocument): TableBlock | undefined {
  for (const section of document.sections) {
    const table = flattenColumns(section.blocks).find((block) => block.kind === "table");
    if (table?.kind === "table") return table;
  }
  return undefined;
}

/**
 * Column widths in percent: declared widths as given, the rest shared equally by the columns
 * without one (never below zero).
 */
export function columnWidths(columns: readonly TableColumn[]): number[] {
  const declared = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const open = columns.filter((column) => column.width === undefined).length;
  const share = open > 0 ? Math.max(0, 100 - declared) / open : 0;
  return columns.map((column) => column.width ?? share);
}
