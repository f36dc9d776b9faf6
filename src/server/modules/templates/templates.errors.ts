import { TEMPLATE_MESSAGES } from "#shared/schemas/templates.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createTemplateNotFoundError = createErrorFactory(
  "TEMPLATE_NOT_FOUND",
  TEMPLATE_MESSAGES.notFound,
  404,
);
export const createTemplateNotUsableError = createErrorFactory(
  "TEMPLATE_NOT_USABLE",
  TEMPLATE_MESSAGES.notUsable,
  409,
);
export const createTemplateNotEditableError = createErrorFactory(
  "TEMPLATE_NOT_EDITABLE",
  TEMPLATE_MESSAGES.notEditable,
  403,
);
export const createTemplateStatusConflictError = createErrorFactory(
  "TEMPLATE_STATUS_CONFLICT",
  "The template already has this status.",
  409,
);
export const createTemplatesMissingError = createErrorFactory(
  "TEMPLATES_NOT_FOUND",
  "Some selected templates were not found.",
  404,
);
