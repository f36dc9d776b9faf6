import { TEMPLATE_MESSAGES } from "#shared/schemas/templates.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createProjectNotFoundError = createErrorFactory({
  code: "PROJECT_NOT_FOUND",
  message: "Project not found.",
  statusCode: 404,
});
/** The template a project is made from: unknown, or not visible to the caller. */
export const createProjectTemplateNotFoundError = createErrorFactory({
  code: "TEMPLATE_NOT_FOUND",
  message: TEMPLATE_MESSAGES.notFound,
  statusCode: 404,
});
/** The template a project is made from is pending or rejected. */
export const createProjectTemplateNotUsableError = createErrorFactory({
  code: "TEMPLATE_NOT_USABLE",
  message: TEMPLATE_MESSAGES.notUsable,
  statusCode: 409,
});
