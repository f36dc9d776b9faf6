import {
  chartAsTable,
  type ExportDocument,
  type FlowBlock,
  flattenColumns,
  plainText,
} from "./export-document.ts";

const cellText = (cell: string) => cell.replace(/\s*\r?\n\s*/g, " ");

function blockLines(block: FlowBlock): string[] {
  switch (block.kind) {
    case "heading":
      return [block.text];
    case "paragraph":
      return [plainText(block.text)];
    case "bullets":
      return block.items.length > 0
        ? block.items.map((item) => `- ${item}`)
        : block.empty
          ? [block.empty]
          : [];
    case "table":
      return [block.columns.map((column) => column.label), ...block.rows].map((row) =>
        row.map(cellText).join(" | "),
      );
    case "chart":
      return blockLines(chartAsTable(block));
    case "facts":
      return block.items.map((fact) => `${fact.label}: ${fact.value}`);
  }
}

/**
 * Plain text: the title and section titles in capitals, a blank line before every block except
 * right after a title or heading, "- " bullets, "Label: value" facts, tables as " | " rows, and a
 * final newline. The methodology download (spec A §2) is exactly this layout.
 */
export function renderTxt(document: ExportDocument): Buffer {
  const lines: string[] = [document.title.toUpperCase()];
  if (document.subtitle) lines.push(document.subtitle);
  let afterHeading = true;
  const addBlock = (block: FlowBlock) => {
    const body = blockLines(block);
    if (body.length === 0) return;
    if (!afterHeading) lines.push("");
    lines.push(...body);
    afterHeading = block.kind === "heading";
  };
  for (const line of document.cover ?? []) addBlock(line);
  for (const section of document.sections) {
    if (section.title) {
      lines.push("", section.title.toUpperCase());
      if (section.subtitle) lines.push(section.subtitle);
      afterHeading = true;
    }
    for (const block of flattenColumns(section.blocks)) addBlock(block);
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}
