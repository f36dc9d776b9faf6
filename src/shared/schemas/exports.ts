import { z } from "zod";
import { conversionSourceSchema, createConversionSchema } from "./conversions.ts";
import { createProjectSchema } from "./projects.ts";

/** The files a methodology downloads as: the spec's text file (the default), Word and PDF. */
export const METHODOLOGY_FORMATS = ["txt", "docx", "pdf"] as const;
export type MethodologyFormat = (typeof METHODOLOGY_FORMATS)[number];

/** The media type of each methodology format (the route documents them; the renderers send them). */
export const METHODOLOGY_CONTENT_TYPES: Record<MethodologyFormat, string> = {
  txt: "text/plain",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
};

/**
 * POST /api/exports/methodology: a methodology (saved or still in the wizard) as a file. Title,
 * discipline and answers follow the project's own rules.
 */
export const methodologyExportSchema = createProjectSchema
  .pick({ title: true, discipline: true, methodology: true })
  .extend({
    format: z.enum(METHODOLOGY_FORMATS, { error: "Format must be txt, docx or pdf" }).default("txt"),
  });
export type MethodologyExportRequest = z.input<typeof methodologyExportSchema>;
export type MethodologyExportInput = z.infer<typeof methodologyExportSchema>;

/** The files a conversion downloads as: text, and Word by the same renderers. */
export const CONVERSION_FORMATS = ["txt", "docx"] as const;
export type ConversionFormat = (typeof CONVERSION_FORMATS)[number];

/**
 * POST /api/exports/conversion: a converter result (saved, just written, or an example) as a file.
 * The objective, discipline and framework follow the saved conversion's rules.
 */
export const conversionExportSchema = createConversionSchema
  .pick({ originalObjective: true, discipline: true, convertedFramework: true })
  .extend({
    /** "template", the model's name, or "example"; printed as who wrote the framework. */
    source: conversionSourceSchema.optional(),
    format: z.enum(CONVERSION_FORMATS, { error: "Format must be txt or docx" }).default("txt"),
  });
export type ConversionExportRequest = z.input<typeof conversionExportSchema>;
export type ConversionExportInput = z.infer<typeof conversionExportSchema>;

/** The files a whole project downloads as: an IMS Common Cartridge 1.1 package, for an LMS to import. */
export const PROJECT_EXPORT_FORMATS = ["imscc"] as const;
export type ProjectExportFormat = (typeof PROJECT_EXPORT_FORMATS)[number];

/** The media type IMS registers for a Common Cartridge 1.1 package. */
export const CARTRIDGE_CONTENT_TYPE = "application/vnd.ims.imsccv1p1";

/** GET /api/projects/:id/export: the package's format (the one there is, when not given). */
export const projectExportQuerySchema = z.strictObject({
  format: z
    .enum(PROJECT_EXPORT_FORMATS, { error: "Format must be imscc (an IMS Common Cartridge package)" })
    .default("imscc"),
});
