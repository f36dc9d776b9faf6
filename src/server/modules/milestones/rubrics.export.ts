import { fileSlug } from "#shared/domain/wizard.ts";
import type { Rubric, RubricExportFormat } from "#shared/schemas/rubrics.ts";
import { writeCsv } from "../../lib/csv.ts";
import type { ExportDocument } from "../exports/export-document.ts";
import { type ExportFile, renderExport } from "../exports/render-export.ts";

/** `{title-slug}-rubric.csv|docx` (`rubric.csv` when the title leaves no slug). */
export const rubricFileName = (title: string, format: RubricExportFormat) => {
  const slug = fileSlug(title);
  return slug ? `${slug}-rubric.${format}` : `rubric.${format}`;
};

/** CSV: one row per criterion; Criterion, Weight, then per level its title, points and descriptor. */
export function rubricCsv(rubric: Rubric): string {
  const levels = Math.max(0, ...rubric.criteria.map((criterion) => criterion.levels.length));
  const columns = ["Criterion", "Weight"];
  for (let n = 1; n <= levels; n++)
    columns.push(`Level ${n} title`, `Level ${n} points`, `Level ${n} descriptor`);
  const rows = rubric.criteria.map((criterion) => [
    criterion.title,
    criterion.weight,
    ...criterion.levels.flatMap((level) => [level.title, level.points, level.descriptor]),
  ]);
  return writeCsv(columns, rows, { bom: true });
}

/** The rubric as a document: a table of criteria × levels, each cell the level's title, points and descriptor. */
export function rubricDocument(rubric: Rubric): ExportDocument {
  const levels = Math.max(0, ...rubric.criteria.map((criterion) => criterion.levels.length));
  const columns = [
    { label: "Criterion", width: 20 },
    ...Array.from({ length: levels }, (_, index) => ({ label: `Level ${index + 1}` })),
  ];
  const rows = rubric.criteria.map((criterion) => [
    `${criterion.title}\nWeight ${criterion.weight}`,
    ...Array.from({ length: levels }, (_, index) => {
      const level = criterion.levels[index];
      return level ? `${level.title} (${level.points} points)\n${level.descriptor}` : "";
    }),
  ]);
  return {
    title: rubric.title,
    metadata: { title: `${rubric.title}: rubric`, description: rubric.description || undefined },
    data: rubric,
    sections: [
      {
        blocks: [
          ...(rubric.description ? [{ kind: "paragraph" as const, text: rubric.description }] : []),
          { kind: "table" as const, columns, rows },
        ],
      },
    ],
  };
}

export async function buildRubricExport(rubric: Rubric, format: RubricExportFormat): Promise<ExportFile> {
  const fileName = rubricFileName(rubric.title, format);
  if (format === "csv") {
    return { fileName, contentType: "text/csv; charset=utf-8", body: Buffer.from(rubricCsv(rubric), "utf8") };
  }
  return renderExport(rubricDocument(rubric), "docx", fileName);
}
