import PDFDocument from "pdfkit";
import {
  type ExportDocument,
  type ExportSection,
  type FlowBlock,
  flattenColumns,
  type RichText,
  runsOf,
} from "./export-document.ts";
import { drawChart } from "./pdf.chart.ts";
import { type PdfFonts, pdfFonts, toWinAnsi } from "./pdf.fonts.ts";
import {
  ACCENT,
  BODY_SIZE,
  type Face,
  INK,
  MARGIN,
  MUTED,
  type PdfPage,
  RULE,
  type WriteOptions,
} from "./pdf.style.ts";
import { drawTable } from "./pdf.table.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters is the point
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f]/g;

/** Writes one document with pdfkit; `clean` makes text safe for the fonts in use. */
class PdfWriter implements PdfPage {
  readonly doc: PDFKit.PDFDocument;
  readonly clean: (text: string) => string;

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

  get left() {
    return this.doc.page.margins.left;
  }
  get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** A new page unless `height` points still fit on this one (keeps a heading with its text). */
  keep(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  /** Rich text as one wrapped paragraph; runs switch face and colour inside it. */
  write(text: RichText, options: WriteOptions = {}) {
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
        return drawTable(this, block);
      case "chart":
        return drawChart(this, block);
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
