import type { ChartBlock } from "./export-document.ts";
import { ACCENT, BODY_SIZE, INK, MUTED, type PdfPage, RULE } from "./pdf.style.ts";

/**
 * A chart as vector graphics: axes, gridlines with their values, then bars or a line through the
 * points, with the labels under them (every nth when they would crowd).
 */
export function drawChart(page: PdfPage, block: ChartBlock) {
  const plotHeight = 140;
  const axisRoom = 34;
  page.keep(plotHeight + 70);
  page.write(block.title, { face: "bold", gap: 0.3 });
  const doc = page.doc;
  const top = doc.y + 6;
  const left = page.left + axisRoom;
  const width = page.width - axisRoom;
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
    doc.text(String(tick * step), page.left, y - 3, {
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
    doc.text(page.clean(point.label), left + index * slot - (labelWidth - slot) / 2, bottom + 4, {
      width: labelWidth,
      align: "center",
      lineBreak: false,
    });
  });
  doc.font("regular").fontSize(BODY_SIZE).fillColor(INK).strokeColor(INK).lineWidth(1);
  doc.x = page.left;
  doc.y = bottom + 22;
}
