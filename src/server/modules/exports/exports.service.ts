import { conversionFileName } from "#shared/domain/conversions.ts";
import { methodologyFileName } from "#shared/domain/wizard.ts";
import type { ConversionExportInput, MethodologyExportInput } from "#shared/schemas/exports.ts";
import type { Caller } from "../../lib/access.ts";
import { conversionDocument } from "./conversion.document.ts";
import { methodologyDocument } from "./methodology.document.ts";
import { renderExport } from "./render-export.ts";

/** Files built from what the request carries (nothing is read from the database). */
export function createExportsService(deps: { now: () => Date }) {
  return {
    /** The methodology download (spec A §2) as text, Word or PDF, named after the project, dated today. */
    async methodology(input: MethodologyExportInput, caller: Caller) {
      const date = deps.now();
      const document = methodologyDocument(input, date, caller.faculty.name);
      return renderExport(document, input.format, methodologyFileName(input.title, date, input.format));
    },

    /** A converter result as text or Word, named after its objective, dated today. */
    async conversion(input: ConversionExportInput, caller: Caller) {
      const date = deps.now();
      const document = conversionDocument(input, date, caller.faculty.name);
      return renderExport(
        document,
        input.format,
        conversionFileName(input.originalObjective, date, input.format),
      );
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
