import { TEMPLATE_MESSAGES } from "#shared/schemas/templates.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createProjectNotFoundError = createErrorFactory("PROJECT_NOT_FOUND", "Project not found.", 404);
/** The template a project is made from: unknown, or not visible to the caller. */
export const createProjectTemplateNotFoundError = createErrorFactory(
  "TEMPLATE_NOT_FOUND",
  TEMPLATE_MESSAGES.notFound,
  404,
);
/** The template a project is made from is pending or rejected. */
export const createProjectTemplateNotUsableError = createErrorFactory(
  "TEMPLATE_NOT_USABLE",
  TEMPLATE_MESSAGES.notUsable,
  409,
);
