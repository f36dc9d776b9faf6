import { z } from "zod";
import {
  ALL_DISCIPLINES,
  DIFFICULTY_LEVELS,
  TEMPLATE_CATEGORIES,
  TEMPLATE_SEARCH_MAX,
  TEMPLATE_STATUSES,
} from "../constants.ts";
import { EXPORT_FORMATS } from "../domain/templates.ts";
import { id, idParams, isoDateTime, queryInt, searchText, text as storableText } from "./common.ts";

const text = (label: string, min: number, max: number) =>
  storableText(label, `${label} is required`)
    .trim()
    .min(min, min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

const textList = (label: string, maxItems: number, maxLength = 500) =>
  z
    .array(text(label, 1, maxLength), { error: `${label} must be a list of texts` })
    .max(maxItems, `At most ${maxItems} ${label.toLowerCase()} items`);

export const templateContentSchema = z.strictObject({
  phases: textList("Phases", 12).min(1, "Add at least one project phase"),
  deliverables: textList("Deliverables", 20).default([]),
  tools: textList("Tools", 20).default([]),
});

/** POST /api/templates: a custom template (from the wizard's create-template mode). */
export const createTemplateSchema = z.strictObject({
  name: text("Name", 3, 120),
  description: text("Description", 10, 2000),
  discipline: z.enum(ALL_DISCIPLINES, { error: "Please select a discipline" }),
  category: z.enum(TEMPLATE_CATEGORIES, {
    error: `Category must be one of: ${TEMPLATE_CATEGORIES.join(", ")}`,
  }),
  difficultyLevel: z.enum(DIFFICULTY_LEVELS, {
    error: "Difficulty must be beginner, intermediate or advanced",
  }),
  estimatedDuration: text("Estimated duration", 1, 60),
  template: templateContentSchema,
  learningOutcomes: textList("Learning outcomes", 20).default([]),
  implementationTips: textList("Implementation tips", 20).default([]),
  color: storableText("Colour")
    .regex(/^#[0-9a-fA-F]{6}$/, "Colour must be a hex colour such as #4f46e5")
    .optional(),
  icon: storableText("Icon")
    .regex(/^[a-z0-9-]{1,40}$/, "Icon must be an icon name such as project-diagram")
    .optional(),
  isFeatured: z.boolean().optional(),
});
export type CreateTemplateInput = z.infer<typeof createTemplateSchema>;

/** PUT /api/templates/:id: any subset of the fields. */
export const updateTemplateSchema = createTemplateSchema
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Nothing to update",
  });
export type UpdateTemplateInput = z.infer<typeof updateTemplateSchema>;

const filter = (values: readonly string[], label: string) =>
  z.enum(["all", ...values] as [string, ...string[]], { error: `Unknown ${label}` }).optional();

/** GET /api/templates/search (spec A §7). */
export const templateSearchQuerySchema = z.object({
  q: searchText(
    TEMPLATE_SEARCH_MAX,
    `Search text must be at most ${TEMPLATE_SEARCH_MAX} characters`,
  ).optional(),
  discipline: filter(ALL_DISCIPLINES, "discipline"),
  category: filter(TEMPLATE_CATEGORIES, "category"),
  difficulty: filter(DIFFICULTY_LEVELS, "difficulty"),
  status: z.enum(["pending"], { error: "Status filter must be pending" }).optional(),
  featuredOnly: z.enum(["true", "false"], { error: "featuredOnly must be true or false" }).optional(),
  limit: queryInt("limit must be a number from 1 to 500", 1, 500).default(100),
});
export type TemplateSearchQuery = z.infer<typeof templateSearchQuerySchema>;

export const templateIdParamsSchema = idParams("id", "template id");

export const rejectTemplateSchema = z
  .strictObject({
    reason: storableText("Reason").trim().max(500, "Reason must be at most 500 characters").optional(),
  })
  .nullish();

export const exportTemplatesSchema = z.strictObject({
  templateIds: z
    .array(id("template id"), {
      error: "No templates selected",
    })
    .min(1, "No templates selected")
    .max(500, "At most 500 templates can be exported at once"),
  format: z.enum(EXPORT_FORMATS, { error: "Format must be docx, csv or json" }),
});
export type ExportTemplatesInput = z.infer<typeof exportTemplatesSchema>;

/** A template as every answer carries it (search, read, create, edit, review). */
export const templateSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  discipline: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  difficultyLevel: z.enum(DIFFICULTY_LEVELS),
  status: z.enum(TEMPLATE_STATUSES),
  isFeatured: z.boolean(),
  estimatedDuration: z.string(),
  color: z.string(),
  icon: z.string(),
  template: z.object({
    phases: z.array(z.string()),
    deliverables: z.array(z.string()),
    tools: z.array(z.string()),
  }),
  learningOutcomes: z.array(z.string()),
  implementationTips: z.array(z.string()),
  authorId: z.number().nullable(),
  authorName: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Template = z.infer<typeof templateSchema>;

/** GET /api/templates/search: a page of templates (X-Total-Count: how many match in all). */
export const templateListSchema = z.array(templateSchema);

/** GET /api/templates/disciplines: the disciplines of the library the caller sees, alphabetically. */
export const templateDisciplinesSchema = z.array(z.string());
export type TemplateDisciplines = z.infer<typeof templateDisciplinesSchema>;

/** POST /api/templates/:id/use: where the wizard opens, pre-filled from the template. */
export const templateUseResponseSchema = z.object({ redirectTo: z.string() });
export type TemplateUseResponse = z.infer<typeof templateUseResponseSchema>;

export const TEMPLATE_MESSAGES = {
  notFound: "Template not found.",
  notUsable: "Only approved templates can be used to create a project.",
  notEditable: "Only the author can change a template, and only while it awaits approval.",
  notPending: "Only pending templates can be approved or rejected.",
} as const;
