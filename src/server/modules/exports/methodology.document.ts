import { DISCIPLINE_LABELS } from "#shared/constants.ts";
import { methodologyOutline } from "#shared/domain/wizard.ts";
import type { MethodologyExportInput } from "#shared/schemas/exports.ts";
import type { ExportDocument } from "./export-document.ts";

/**
 * A methodology as a document (spec A §2): the project and date, then each wizard step with every
 * field. The wording is the shared outline's; as text it is the spec's My-PBL-Methodology file.
 */
export function methodologyDocument(
  input: Pick<MethodologyExportInput, "title" | "discipline" | "methodology">,
  date: Date,
  author?: string,
): ExportDocument {
  const outline = methodologyOutline(
    input.methodology,
    input.title,
    date,
    DISCIPLINE_LABELS[input.discipline],
  );
  return {
    title: outline.title,
    metadata: {
      title: `${input.title}: ${outline.title}`,
      description: `The Pivot-and-Launch methodology of "${input.title}"`,
      ...(author ? { author } : {}),
    },
    sections: [
      { blocks: [{ kind: "facts", items: outline.facts }] },
      ...outline.steps.map((step) => ({
        title: step.title,
        blocks: [{ kind: "facts" as const, items: step.facts }],
      })),
    ],
  };
}
