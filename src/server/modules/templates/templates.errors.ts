import { TEMPLATE_MESSAGES } from "#shared/schemas/templates.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createTemplateNotFoundError = createErrorFactory({
  code: "TEMPLATE_NOT_FOUND",
  message: TEMPLATE_MESSAGES.notFound,
  statusCode: 404,
});
export const createTemplateNotUsableError = createErrorFactory({
  code: "TEMPLATE_NOT_USABLE",
  message: TEMPLATE_MESSAGES.notUsable,
  statusCode: 409,
});
export const createTemplateNotEditableError = createErrorFactory({
  code: "TEMPLATE_NOT_EDITABLE",
  message: TEMPLATE_MESSAGES.notEditable,
  statusCode: 403,
});
export const createTemplateStatusConflictError = createErrorFactory({
  code: "TEMPLATE_STATUS_CONFLICT",
  message: "The template already has this status.",
  statusCode: 409,
});
export const createTemplatesMissingError = createErrorFactory({
  code: "TEMPLATES_NOT_FOUND",
  message: "Some selected templates were not found.",
  statusCode: 404,
});
export const createFeatureForbiddenError = createErrorFactory({
  code: "FORBIDDEN",
  message: "Only administrators can feature templates.",
  statusCode: 403,
});
export const createPendingListForbiddenError = createErrorFactory({
  code: "FORBIDDEN",
  message: "Only administrators can list pending templates.",
  statusCode: 403,
});
