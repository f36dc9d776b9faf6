import { converterDisciplineLabel, isFrameworkHeading } from "#shared/domain/conversions.ts";
import type { ConversionExportInput } from "#shared/schemas/exports.ts";
import type { Block, ExportDocument } from "./export-document.ts";

const LIST_MARK = /^\s*(?:[-*\u2022\u2013]|\d{1,2}[.)])\s+/;

/** Who wrote the framework, in the result card's words. */
const sourceLabel = (source: string | undefined) =>
  source === undefined || source === "template"
    ? "Built-in template"
    : source === "example"
      ? "Example conversion"
      : `AI model: ${source}`;

/**
 * The framework's text as blocks: its section headings as headings, each run of "- " lines as one
 * bulleted list, every other line as a paragraph (a model may write prose).
 */
export function frameworkBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length > 0) blocks.push({ kind: "bullets", items });
    items = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    if (LIST_MARK.test(line)) {
      items.push(line.replace(LIST_MARK, "").trim());
      continue;
    }
    flush();
    blocks.push(
      isFrameworkHeading(line)
        ? { kind: "heading", level: 2, text: line.trim() }
        : { kind: "paragraph", text: line.trim() },
    );
  }
  flush();
  return blocks;
}

/**
 * A converter result as a document: the objective, discipline, who wrote it and
 * the date, then the framework as the converter showed it.
 */
export function conversionDocument(
  input: ConversionExportInput,
  date: Date,
  author?: string,
): ExportDocument {
  return {
    title: "PBL Project Framework",
    metadata: {
      title: `PBL Project Framework: ${input.originalObjective.slice(0, 120)}`,
      description: "A traditional learning objective converted into a Pivot-and-Launch project framework",
      ...(author ? { author } : {}),
    },
    sections: [
      {
        blocks: [
          {
            kind: "facts",
            items: [
              { label: "Traditional Objective", value: input.originalObjective },
              { label: "Discipline", value: converterDisciplineLabel(input.discipline) },
              { label: "Written by", value: sourceLabel(input.source) },
              { label: "Created", value: date.toISOString().slice(0, 10) },
            ],
          },
        ],
      },
      { title: "Framework", blocks: frameworkBlocks(input.convertedFramework) },
    ],
  };
}
