import { z } from "zod";
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
