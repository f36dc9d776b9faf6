import { columnWidths, type TableBlock } from "./export-document.ts";
import { BODY_SIZE, type Face, HEADER_FILL, INK, type PdfPage, RULE } from "./pdf.style.ts";

/**
 * Column widths widened so that no word breaks across lines ("Contributions", never "Contributi"
 * over "ons"; a date in one piece): a column narrower than its longest word takes the difference
 * from the columns that have room to spare, in proportion to that room. The header's words (in
 * bold) and the cells' words are fitted when both can be; else the header's alone; else the
 * shares stay as declared (a word wider than the page still breaks).
 */
function fitWords(
  page: PdfPage,
  shares: number[],
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  size: number,
  padding: number,
) {
  const doc = page.doc;
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
export function drawTable(page: PdfPage, block: TableBlock) {
  const doc = page.doc;
  const align = (index: number): "left" | "right" =>
    block.columns[index]?.align === "right" ? "right" : "left";
  const padX = 6;
  const padY = 4;
  const size = BODY_SIZE - 1;
  const header = block.columns.map((column) => page.clean(column.label));
  const rows = block.rows.map((row) => row.map((cell) => page.clean(cell)));
  const widths = fitWords(
    page,
    columnWidths(block.columns).map((share) => (share / 100) * page.width),
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
    let x = page.left;
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
    doc.x = page.left;
    doc.y = top + height;
  };
  const headerHeight = rowHeight(header, "bold");
  page.keep(headerHeight + BODY_SIZE * 3);
  doc.x = page.left;
  drawRow(header, "bold", headerHeight, HEADER_FILL);
  for (const cells of rows) {
    const height = rowHeight(cells, "regular");
    if (doc.y + height > page.bottom && doc.y > doc.page.margins.top + headerHeight + 1) {
      doc.addPage();
      drawRow(header, "bold", headerHeight, HEADER_FILL);
    }
    drawRow(cells, "regular", height);
  }
  doc.font("regular").fontSize(BODY_SIZE).fillColor(INK).strokeColor(INK).lineWidth(1);
  doc.x = page.left;
  doc.moveDown(0.6);
}
