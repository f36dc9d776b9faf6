import fs from "node:fs";
import PDFDocument from "pdfkit";
import {
  type ChartBlock,
  columnWidths,
  type ExportDocument,
  type ExportSection,
  type FlowBlock,
  flattenColumns,
  type RichText,
  runsOf,
  type TableBlock,
} from "./export-document.ts";

/** The three faces a document uses; `unicode` says whether they cover more than Latin-1. */
export interface PdfFonts {
  regular: string | Buffer;
  bold: string | Buffer;
  italic: string | Buffer;
  unicode: boolean;
}

/** PDF's built-in Helvetica: no file needed, but only the Windows-1252 characters. */
export const STANDARD_PDF_FONTS: PdfFonts = {
  regular: "Helvetica",
  bold: "Helvetica-Bold",
  italic: "Helvetica-Oblique",
  unicode: false,
};

/** TrueType families found on Debian and most Linux systems (fonts-dejavu-core, fonts-liberation). */
const SYSTEM_FONT_FILES = [
  ["dejavu/DejaVuSans.ttf", "dejavu/DejaVuSans-Bold.ttf", "dejavu/DejaVuSans-Oblique.ttf"],
  [
    "liberation/LiberationSans-Regular.ttf",
    "liberation/LiberationSans-Bold.ttf",
    "liberation/LiberationSans-Italic.ttf",
  ],
  [
    "liberation2/LiberationSans-Regular.ttf",
    "liberation2/LiberationSans-Bold.ttf",
    "liberation2/LiberationSans-Italic.ttf",
  ],
] as const;
const FONT_ROOT = "/usr/share/fonts/truetype";

let systemFonts: PdfFonts | undefined;

/**
 * The fonts PDFs are written with: a Unicode TrueType family from the system (embedded, subset)
 * when one is installed, else Helvetica with every character outside Windows-1252 replaced.
 * Read once per process.
 */
export function pdfFonts(): PdfFonts {
  if (systemFonts) return systemFonts;
  const found = SYSTEM_FONT_FILES.map((files) => files.map((file) => `${FONT_ROOT}/${file}`)).find((files) =>
    files.every((file) => fs.existsSync(file)),
  );
  const [regular, bold, italic] = found?.map((file) => fs.readFileSync(file)) ?? [];
  systemFonts = regular && bold && italic ? { regular, bold, italic, unicode: true } : STANDARD_PDF_FONTS;
  return systemFonts;
}

// Windows-1252's printable characters beyond Latin-1's: what Helvetica can show besides 0x20-0xFF.
const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const NOT_WIN_ANSI = new RegExp(`[^\\n\\x20-\\x7e\\xa0-\\xff${WIN_ANSI_EXTRA}]`, "gu");
const LATIN_1 = /^[\x20-\x7e\xa0-\xff]+$/;

/** Text Helvetica can show: accents composed, others dropped to their base letter ("ő" to "o"), else "?". */
export function toWinAnsi(text: string): string {
  return text.normalize("NFC").replace(NOT_WIN_ANSI, (char) => {
    const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
    return LATIN_1.test(base) ? base : "?";
  });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters is the point
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f]/g;

const INK = "#0f172a";
const ACCENT = "#3730a3";
const MUTED = "#475569";
const RULE = "#cbd5e1";
const HEADER_FILL = "#f1f5f9";
const BODY_SIZE = 11;
const MARGIN = 56;

type Face = "regular" | "bold" | "italic";

/** Writes one document with pdfkit; `clean` makes text safe for the fonts in use. */
class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly clean: (text: string) => string;

  constructor(document: ExportDocument, fonts: PdfFonts) {
    const meta = document.metadata ?? {};
    this.clean = (text) => {
      // Controls other than line breaks have no glyph; Helvetica has no glyph past Windows-1252.
      const plain = text.replace(/\r\n?/g, "\n").replace(CONTROLS, " ");
      return fonts.unicode ? plain : toWinAnsi(plain);
    };
    this.doc = new PDFDocument({
      size: "A4",
      margins: { top: MARGIN, bottom: MARGIN + 8, left: MARGIN, right: MARGIN },
      bufferPages: true,
      lang: meta.language ?? "en",
      displayTitle: true,
      info: {
        Title: this.clean(meta.title ?? document.title),
        Author: this.clean(meta.author ?? "Pivot & Launch"),
        Creator: "Pivot & Launch",
        // pdfkit reads every key it is given: absent values must be absent, not undefined
        ...(meta.description ? { Subject: this.clean(meta.description) } : {}),
        ...(meta.keywords?.length ? { Keywords: this.clean(meta.keywords.join(", ")) } : {}),
      },
    });
    this.doc.registerFont("regular", fonts.regular);
    this.doc.registerFont("bold", fonts.bold);
    this.doc.registerFont("italic", fonts.italic);
    this.doc.font("regular").fontSize(BODY_SIZE).fillColor(INK);
  }

  private get left() {
    return this.doc.page.margins.left;
  }
  private get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** A new page unless `height` points still fit on this one (keeps a heading with its text). */
  private keep(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  /** Rich text as one wrapped paragraph; runs switch face and colour inside it. */
  write(
    text: RichText,
    options: { size?: number; face?: Face; color?: string; align?: "left" | "center"; gap?: number } = {},
  ) {
    const { size = BODY_SIZE, face = "regular", color = INK, align = "left", gap = 0.4 } = options;
    const runs = runsOf(text)
      .map((run) => ({ ...run, text: this.clean(run.text) }))
      .filter((run) => run.text !== "");
    if (runs.length === 0) return;
    this.doc.x = this.left;
    runs.forEach((run, index) => {
      const runFace: Face = run.strong ? "bold" : run.emphasis ? "italic" : face;
      this.doc
        .font(runFace)
        .fontSize(size)
        .fillColor(color)
        .text(run.text, { width: this.width, align, continued: index < runs.length - 1 });
    });
    this.doc.fillColor(INK).font("regular").fontSize(BODY_SIZE);
    this.doc.moveDown(gap);
  }

  heading(text: string, size: number, color = INK, pageBreakBefore = false) {
    if (pageBreakBefore) this.doc.addPage();
    else this.keep(size * 4);
    this.doc.moveDown(0.3);
    this.write(text, { size, face: "bold", color, gap: 0.25 });
  }

  /** A bullet glyph beside each item; the item wraps under itself, onto the next page if need be. */
  private bullets(items: readonly string[]) {
    const indent = 16;
    this.doc.font("regular").fontSize(BODY_SIZE).fillColor(INK);
    for (const item of items) {
      this.keep(this.doc.currentLineHeight(true));
      const y = this.doc.y;
      this.doc.text("•", this.left + 4, y, { lineBreak: false });
      this.doc.text(this.clean(item), this.left + indent, y, { width: this.width - indent });
      this.doc.moveDown(0.15);
    }
    this.doc.x = this.left;
    this.doc.moveDown(0.25);
  }

  /**
   * Column widths widened so that no word breaks across lines ("Contributions", never "Contributi"
   * over "ons"; a date in one piece): a column narrower than its longest word takes the difference
   * from the columns that have room to spare, in proportion to that room. The header's words (in
   * bold) and the cells' words are fitted when both can be; else the header's alone; else the
   * shares stay as declared (a word wider than the page still breaks).
   */
  private fitWords(
    shares: number[],
    header: readonly string[],
    rows: ReadonlyArray<readonly string[]>,
    size: number,
    padding: number,
  ) {
    const doc = this.doc;
    // A loop, not Math.max(...words): a long table has more words than a call takes arguments.
    const longest = (texts: readonly string[]) => {
      let widest = 0;
      for (const text of texts)
        for (const word of text.split(/\s+/)) widest = Math.max(widest, doc.widthOfString(word));
      return widest;
    };
    doc.font("bold").fontSize(size);
    const headerWords = header.map((label) => longest([label]) + padding + 1);
    doc.font("regular").fontSize(size);
    const cellWords = header.map((_, index) =>
      Math.max(headerWords[index] ?? 0, longest(rows.map((row) => row[index] ?? "")) + padding + 1),
    );
    for (const needed of [cellWords, headerWords]) {
      const short = shares.reduce((sum, width, index) => sum + Math.max(0, (needed[index] ?? 0) - width), 0);
      const room = shares.reduce((sum, width, index) => sum + Math.max(0, width - (needed[index] ?? 0)), 0);
      if (short === 0) return shares;
      if (short <= room)
        return shares.map((width, index) => {
          const least = needed[index] ?? 0;
          return width < least ? least : width - ((width - least) / room) * short;
        });
    }
    return shares;
  }

  /**
   * A table drawn cell by cell: a shaded header row, ruled cells, each row as tall as its tallest
   * cell, the header repeated on each new page. (pdfkit's own doc.table measured every cell many
   * times: 4 s for 50 rows with an embedded TrueType font, 0.15 s this way.)
   */
  private table(block: TableBlock) {
    const doc = this.doc;
    const align = (index: number): "left" | "right" =>
      block.columns[index]?.align === "right" ? "right" : "left";
    const padX = 6;
    const padY = 4;
    const size = BODY_SIZE - 1;
    const header = block.columns.map((column) => this.clean(column.label));
    const rows = block.rows.map((row) => row.map((cell) => this.clean(cell)));
    const widths = this.fitWords(
      columnWidths(block.columns).map((share) => (share / 100) * this.width),
      header,
      rows,
      size,
      2 * padX,
    );
    const inner = (index: number) => Math.max(1, (widths[index] ?? 0) - 2 * padX);
    const rowHeight = (cells: readonly string[], face: Face) => {
      doc.font(face).fontSize(size);
      return (
        Math.max(
          size,
          ...cells.map((cell, index) => doc.heightOfString(cell || " ", { width: inner(index) })),
        ) +
        2 * padY
      );
    };
    const drawRow = (cells: readonly string[], face: Face, height: number, fill?: string) => {
      const top = doc.y;
      let x = this.left;
      cells.forEach((cell, index) => {
        const width = widths[index] ?? 0;
        if (fill) doc.rect(x, top, width, height).fill(fill);
        doc.rect(x, top, width, height).lineWidth(0.5).strokeColor(RULE).stroke();
        if (cell !== "")
          doc
            .font(face)
            .fontSize(size)
            .fillColor(INK)
            .text(cell, x + padX, top + padY, { width: inner(index), align: align(index) });
        x += width;
      });
      doc.x = this.left;
      doc.y = top + height;
    };
    const headerHeight = rowHeight(header, "bold");
    this.keep(headerHeight + BODY_SIZE * 3);
    doc.x = this.left;
    drawRow(header, "bold", headerHeight, HEADER_FILL);
    for (const cells of rows) {
      const height = rowHeight(cells, "regular");
      if (doc.y + height > this.bottom && doc.y > doc.page.margins.top + headerHeight + 1) {
        doc.addPage();
        drawRow(header, "bold", headerHeight, HEADER_FILL);
      }
      drawRow(cells, "regular", height);
    }
    doc.font("regular").fontSize(BODY_SIZE).fillColor(INK).strokeColor(INK).lineWidth(1);
    doc.x = this.left;
    doc.moveDown(0.6);
  }

  /**
   * A chart as vector graphics: axes, gridlines with their values, then bars or a line through the
   * points, with the labels under them (every nth when they would crowd).
   */
  private chart(block: ChartBlock) {
    const plotHeight = 140;
    const axisRoom = 34;
    this.keep(plotHeight + 70);
    this.write(block.title, { face: "bold", gap: 0.3 });
    const doc = this.doc;
    const top = doc.y + 6;
    const left = this.left + axisRoom;
    const width = this.width - axisRoom;
    const bottom = top + plotHeight;
    const values = block.points.map((point) => Math.max(0, point.value));
    const max = Math.max(1, ...values);
    const step = Math.max(1, Math.ceil(max / 4));
    const ceiling = step * 4;
    doc.font("regular").fontSize(7).fillColor(MUTED);
    for (let tick = 0; tick <= 4; tick += 1) {
      const y = bottom - (tick / 4) * plotHeight;
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
      doc.text(String(tick * step), this.left, y - 3, {
        width: axisRoom - 6,
        align: "right",
        lineBreak: false,
      });
    }
    doc.moveTo(left, top).lineTo(left, bottom).lineWidth(0.75).strokeColor(MUTED).stroke();
    const count = Math.max(1, block.points.length);
    const slot = width / count;
    const every = Math.max(1, Math.ceil(count / (block.chart === "bar" ? 12 : 8)));
    const yOf = (value: number) => bottom - (Math.max(0, value) / ceiling) * plotHeight;
    if (block.chart === "bar") {
      block.points.forEach((point, index) => {
        const barWidth = Math.max(1, slot * 0.6);
        const x = left + index * slot + (slot - barWidth) / 2;
        const y = yOf(point.value);
        if (bottom - y > 0) doc.rect(x, y, barWidth, bottom - y).fill(ACCENT);
        if (count <= 12) {
          doc.fillColor(INK).text(String(point.value), left + index * slot, y - 10, {
            width: slot,
            align: "center",
            lineBreak: false,
          });
        }
      });
    } else if (block.points.length > 0) {
      const xOf = (index: number) => left + index * slot + slot / 2;
      block.points.forEach((point, index) => {
        if (index === 0) doc.moveTo(xOf(index), yOf(point.value));
        else doc.lineTo(xOf(index), yOf(point.value));
      });
      doc.lineWidth(1.25).strokeColor(ACCENT).stroke();
    }
    doc.fillColor(MUTED).fontSize(7);
    block.points.forEach((point, index) => {
      if (index % every !== 0) return;
      const labelWidth = slot * every;
      doc.text(this.clean(point.label), left + index * slot - (labelWidth - slot) / 2, bottom + 4, {
        width: labelWidth,
        align: "center",
        lineBreak: false,
      });
    });
    doc.font("regular").fontSize(BODY_SIZE).fillColor(INK).strokeColor(INK).lineWidth(1);
    doc.x = this.left;
    doc.y = bottom + 22;
  }

  block(block: FlowBlock) {
    switch (block.kind) {
      case "heading":
        return this.heading(block.text, block.level === 2 ? 14 : 12);
      case "paragraph":
        return this.write(block.text, {
          size: block.tone === "muted" ? BODY_SIZE - 1 : BODY_SIZE,
          color: block.tone === "muted" ? MUTED : INK,
          face: block.tone === "emphasis" ? "italic" : "regular",
        });
      case "bullets":
        if (block.items.length > 0) return this.bullets(block.items);
        if (block.empty) this.write(block.empty, { face: "italic", color: MUTED });
        return;
      case "table":
        return this.table(block);
      case "chart":
        return this.chart(block);
      case "facts":
        for (const fact of block.items)
          this.write([{ text: `${fact.label}: `, strong: true }, { text: fact.value }], { gap: 0.25 });
        this.doc.moveDown(0.3);
        return;
    }
  }

  section(section: ExportSection, pageBreakBefore: boolean) {
    if (section.title) {
      this.heading(section.title, 17, ACCENT, pageBreakBefore);
      this.doc.outline.addItem(this.clean(section.title));
    } else if (pageBreakBefore) this.doc.addPage();
    if (section.subtitle) this.write(section.subtitle, { size: BODY_SIZE - 1, color: MUTED });
    for (const block of flattenColumns(section.blocks)) this.block(block);
  }

  coverPage(document: ExportDocument) {
    this.doc.y = this.doc.page.height * 0.3;
    this.write(document.title, { size: 28, face: "bold", color: ACCENT, align: "center", gap: 0.6 });
    if (document.subtitle) this.write(document.subtitle, { size: 16, align: "center", gap: 1.5 });
    for (const line of document.cover ?? [])
      this.write(line.text, {
        align: "center",
        color: line.tone === "muted" ? MUTED : INK,
        face: line.tone === "emphasis" ? "italic" : "regular",
        gap: 1.2,
      });
    this.doc.addPage();
  }

  titleBlock(document: ExportDocument) {
    this.write(document.title, { size: 22, face: "bold", gap: 0.2 });
    if (document.subtitle) this.write(document.subtitle, { size: 13, color: MUTED, gap: 0.2 });
    const y = this.doc.y + 4;
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
    this.doc.y = y + 10;
  }

  /** "Title · page n of m" at the foot of every page but the title page. */
  footers(title: string, skipFirst: boolean) {
    const range = this.doc.bufferedPageRange();
    const pages = range.count - (skipFirst ? 1 : 0);
    for (let index = skipFirst ? 1 : 0; index < range.count; index += 1) {
      this.doc.switchToPage(range.start + index);
      const { margins } = this.doc.page;
      const bottom = margins.bottom;
      margins.bottom = 0; // writing inside the margin must not start a new page
      const number = index + 1 - (skipFirst ? 1 : 0);
      this.doc
        .font("regular")
        .fontSize(8)
        .fillColor(MUTED)
        .text(
          `${this.clean(title)} · page ${number} of ${pages}`,
          this.left,
          this.doc.page.height - MARGIN + 8,
          {
            width: this.width,
            align: "center",
            lineBreak: false,
          },
        );
      margins.bottom = bottom;
    }
  }
}

/**
 * PDF (pdfkit): A4, wrapped text, headings kept with what follows, bullets, tables with a header
 * row, a title page when the document has cover lines, page numbers, bookmarks per section, and
 * the document's title, author, subject and language in its properties.
 */
export async function renderPdf(document: ExportDocument, fonts: PdfFonts = pdfFonts()): Promise<Buffer> {
  const writer = new PdfWriter(document, fonts);
  const chunks: Buffer[] = [];
  writer.doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    writer.doc.on("end", resolve);
    writer.doc.on("error", reject);
  });
  if (document.cover) writer.coverPage(document);
  else writer.titleBlock(document);
  document.sections.forEach((section, index) => {
    writer.section(section, Boolean(section.newPage) && index > 0);
  });
  writer.footers(document.title, Boolean(document.cover));
  writer.doc.end();
  await ended;
  return Buffer.concat(chunks);
}
