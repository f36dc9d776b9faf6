import PptxGenJS from "pptxgenjs";
import {
  type Block,
  chartAsTable,
  columnWidths,
  type ExportDocument,
  type ExportSection,
  type FlowBlock,
  runsOf,
  xmlText,
} from "./export-document.ts";

const ACCENT = "4338CA";
const ON_ACCENT = "E0E7FF";
const INK = "0F172A";
const MUTED = "475569";
const RULE = "CBD5E1";
const HEADER_FILL = "F1F5F9";
/** LAYOUT_WIDE is 13.33 x 7.5 inches; content keeps 0.6 in from the sides and 0.5 from the foot. */
const LEFT = 0.6;
const WIDTH = 12.1;
const BOTTOM = 7;
const GAP = 0.2;
const TABLE_SIZE = 14;
const FACTS_SIZE = 20;

type Slide = PptxGenJS.Slide;
type TextRun = PptxGenJS.TextProps;
type TableRow = PptxGenJS.TableRow;

/** One line of a text box (a heading, a paragraph, a bullet) and about how tall it is, in inches. */
interface TextLine {
  runs: TextRun[];
  height: number;
  /** A heading: moves to the next slide with what follows it. */
  keepWithNext?: boolean;
}

/** About how many lines `text` takes at `size` points in `width` inches (sans serif: ~0.5 em a character). */
const lineCount = (text: string, size: number, width: number) =>
  text
    .split("\n")
    .reduce((sum, part) => sum + Math.max(1, Math.ceil((part.length * size * 0.5) / (width * 72))), 0);
const linesHeight = (text: string, size: number, width: number) =>
  (lineCount(text, size, width) * size * 1.2) / 72;

/** The lines of a heading, paragraph or list; other blocks have none. */
function textLines(block: FlowBlock, width: number): TextLine[] {
  const line = (text: string, size: number, options: TextRun["options"]): TextLine => ({
    runs: [{ text: xmlText(text), options: { fontSize: size, ...options } }],
    height: linesHeight(text, size, width) + 6 / 72,
  });
  switch (block.kind) {
    case "heading": {
      const size = block.level === 2 ? 18 : 16;
      return [
        { ...line(block.text, size, { bold: true, color: ACCENT, paraSpaceBefore: 8 }), keepWithNext: true },
      ];
    }
    case "paragraph": {
      const runs = runsOf(block.text).map((run) => ({
        text: xmlText(run.text),
        options: {
          fontSize: 20,
          paraSpaceAfter: 10,
          bold: run.strong,
          italic: run.emphasis || block.tone === "emphasis",
          color: run.strong ? ACCENT : block.tone === "muted" ? MUTED : INK,
        },
      }));
      const text = runsOf(block.text)
        .map((run) => run.text)
        .join("");
      return [{ runs, height: linesHeight(text, 20, width) + 10 / 72 }];
    }
    case "bullets":
      if (block.items.length === 0)
        return block.empty ? [line(block.empty, 16, { color: MUTED, italic: true })] : [];
      return block.items.map((item) => line(item, 16, { color: INK, bullet: true }));
    default:
      return [];
  }
}

/** The runs of several lines for one text box: every line but the last ends with a break. */
const boxRuns = (lines: readonly TextLine[]): TextRun[] =>
  lines.flatMap((line, index) =>
    line.runs.map((run, runIndex) =>
      index < lines.length - 1 && runIndex === line.runs.length - 1
        ? { ...run, options: { ...run.options, breakLine: true } }
        : run,
    ),
  );

/** The header row and body rows of a table or of facts (facts: label and value, no header). */
function tableRows(block: Extract<FlowBlock, { kind: "table" | "facts" }>, width: number) {
  if (block.kind === "facts") {
    const colW = [width * 0.625, width * 0.375];
    const rows: TableRow[] = block.items.map((fact) => [
      { text: xmlText(fact.label), options: { bold: true, color: INK } },
      { text: xmlText(fact.value), options: { bold: true, color: ACCENT, align: "right" } },
    ]);
    const heights = block.items.map(
      (fact) =>
        Math.max(
          linesHeight(fact.label, FACTS_SIZE, colW[0] ?? width),
          linesHeight(fact.value, FACTS_SIZE, colW[1] ?? width),
        ) + 0.15,
    );
    return { header: undefined, rows, heights, colW, fontSize: FACTS_SIZE };
  }
  const colW = columnWidths(block.columns).map((share) => (share / 100) * width);
  const align = (index: number) =>
    (block.columns[index]?.align === "right" ? "right" : "left") as "left" | "right";
  const rowHeight = (cells: readonly string[]) =>
    Math.max(
      ...cells.map((cell, index) => linesHeight(cell, TABLE_SIZE, Math.max(0.5, (colW[index] ?? 1) - 0.2))),
    ) + 0.15;
  const header: TableRow = block.columns.map((column, index) => ({
    text: xmlText(column.label),
    options: { bold: true, color: INK, fill: { color: HEADER_FILL }, align: align(index) },
  }));
  const rows: TableRow[] = block.rows.map((row) =>
    row.map((cell, index) => ({ text: xmlText(cell), options: { color: INK, align: align(index) } })),
  );
  return {
    header: { row: header, height: rowHeight(block.columns.map((column) => column.label)) },
    rows,
    heights: block.rows.map(rowHeight),
    colW,
    fontSize: TABLE_SIZE,
  };
}

/**
 * Writes one section top to bottom. What does not fit continues on a further slide with the same
 * title and "(continued)": text a line at a time, tables a row at a time with their header again.
 */
class SectionSlides {
  private slide!: Slide;
  private y = 0;
  private top = 0;
  private pending: TextLine[] = [];
  private continued = false;

  constructor(
    private readonly pptx: PptxGenJS,
    private readonly section: ExportSection,
  ) {
    this.open();
  }

  private open() {
    const { title, subtitle } = this.section;
    this.slide = this.pptx.addSlide();
    if (title) {
      const text = this.continued ? `${title} (continued)` : title;
      this.slide.addText(xmlText(text), {
        x: LEFT,
        y: 0.4,
        w: WIDTH,
        h: 0.8,
        fontSize: 28,
        bold: true,
        color: INK,
      });
    }
    if (subtitle)
      this.slide.addText(xmlText(subtitle), {
        x: LEFT,
        y: 1.1,
        w: WIDTH,
        h: 0.4,
        fontSize: 14,
        color: MUTED,
      });
    this.top = subtitle ? 1.8 : 1.5;
    this.y = this.top;
  }

  private get room() {
    return BOTTOM - this.y;
  }
  private get pendingHeight() {
    return this.pending.reduce((sum, line) => sum + line.height, 0);
  }

  /** Whether the waiting lines hold more than headings (which go on with what follows them). */
  private get pendingContent() {
    return this.pending.some((line) => !line.keepWithNext);
  }

  private nextSlide() {
    const carried: TextLine[] = [];
    while (this.pending.at(-1)?.keepWithNext) carried.unshift(this.pending.pop() as TextLine);
    this.flush(true);
    this.continued = true;
    this.open();
    this.pending = carried;
  }

  /** Writes the waiting lines in one box; the last box of a slide takes the rest of it. */
  private flush(toBottom = false) {
    if (this.pending.length === 0) return;
    const h = toBottom ? this.room : Math.min(this.pendingHeight + 0.1, this.room);
    this.slide.addText(boxRuns(this.pending), {
      x: LEFT,
      y: this.y,
      w: WIDTH,
      h,
      valign: "top",
      fit: "shrink",
    });
    this.y += h + GAP;
    this.pending = [];
  }

  private text(block: FlowBlock) {
    for (const line of textLines(block, WIDTH)) {
      const fits = this.pendingHeight + line.height <= this.room;
      // on a slide holding nothing yet, a line goes in however tall (the box shrinks its text)
      if (!fits && (this.pendingContent || this.y > this.top)) this.nextSlide();
      this.pending.push(line);
    }
  }

  /** A table below the waiting lines (a heading stays with it), split by rows across slides. */
  private table(block: Extract<FlowBlock, { kind: "table" | "facts" }>) {
    const width = block.kind === "facts" ? Math.min(WIDTH, 8) : WIDTH;
    const { header, rows, heights, colW, fontSize } = tableRows(block, width);
    let index = 0;
    while (index < rows.length) {
      const room = this.room - this.pendingHeight;
      const start = index;
      let height = header?.height ?? 0;
      // at least one row per slide, however tall
      while (index < rows.length && (index === start || height + (heights[index] ?? 0) <= room)) {
        height += heights[index] ?? 0;
        index += 1;
      }
      if (height > room && (this.y > this.top || this.pendingContent)) {
        index = start;
        this.nextSlide();
        continue;
      }
      this.flush();
      const part = rows.slice(start, index);
      this.slide.addTable(header ? [header.row, ...part] : part, {
        x: LEFT,
        y: this.y,
        w: width,
        colW,
        fontSize,
        valign: "top",
        border: { type: "solid", color: RULE, pt: 1 },
      });
      this.y += height + GAP;
      if (index < rows.length) this.nextSlide();
    }
  }

  /** Columns side by side, each its own text box down to the foot of the slide. */
  private columns(columns: readonly (readonly Block[])[]) {
    this.flush();
    if (this.room < 2) this.nextSlide();
    const count = Math.max(1, columns.length);
    const gutter = 0.5;
    const width = (WIDTH - gutter * (count - 1)) / count;
    columns.forEach((column, position) => {
      const lines = column.flatMap((block) => (block.kind === "columns" ? [] : textLines(block, width)));
      if (lines.length === 0) return;
      this.slide.addText(boxRuns(lines), {
        x: LEFT + position * (width + gutter),
        y: this.y,
        w: width,
        h: this.room,
        valign: "top",
        fit: "shrink",
      });
    });
    this.y = BOTTOM;
  }

  write() {
    for (const block of this.section.blocks) {
      if (block.kind === "columns") this.columns(block.columns);
      else if (block.kind === "table" || block.kind === "facts") this.table(block);
      else if (block.kind === "chart") this.table(chartAsTable(block));
      else this.text(block);
    }
    this.flush(true);
  }
}

function addTitleSlide(pptx: PptxGenJS, document: ExportDocument) {
  const slide = pptx.addSlide();
  slide.background = { color: ACCENT };
  slide.addText(xmlText(document.title), {
    x: LEFT,
    y: 2.2,
    w: WIDTH,
    h: 1,
    fontSize: 40,
    bold: true,
    color: "FFFFFF",
  });
  let y = 3.3;
  if (document.subtitle) {
    slide.addText(xmlText(document.subtitle), {
      x: LEFT,
      y,
      w: WIDTH,
      h: 0.6,
      fontSize: 20,
      color: ON_ACCENT,
    });
    y += 0.6;
  }
  for (const line of document.cover ?? []) {
    const text = runsOf(line.text)
      .map((run) => xmlText(run.text))
      .join("");
    slide.addText(text, {
      x: LEFT,
      y,
      w: WIDTH,
      h: 0.5,
      fontSize: 16,
      color: ON_ACCENT,
      italic: line.tone === "emphasis",
    });
    y += 0.5;
  }
}

/**
 * PowerPoint (.pptx, pptxgenjs, 16:9): a title slide from the title, subtitle and cover lines,
 * then each section as a slide: its title, a muted subtitle, text, tables, facts as a two-column
 * table, columns side by side, and further slides where it does not fit. Opens in PowerPoint,
 * LibreOffice Impress and Keynote.
 */
export async function renderPptx(document: ExportDocument): Promise<Buffer> {
  const meta = document.metadata ?? {};
  const pptx = new PptxGenJS();
  pptx.layout = "LAYOUT_WIDE";
  pptx.title = xmlText(meta.title ?? document.title);
  pptx.author = xmlText(meta.author ?? "Pivot & Launch");
  if (meta.organisation) pptx.company = xmlText(meta.organisation);
  if (meta.description) pptx.subject = xmlText(meta.description);
  addTitleSlide(pptx, document);
  for (const section of document.sections) new SectionSlides(pptx, section).write();
  return (await pptx.write({ outputType: "nodebuffer" })) as Buffer;
}
