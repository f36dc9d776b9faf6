import { createErrorFactory } from "../../lib/errors.ts";

export const createRubricNotFoundError = createErrorFactory("RUBRIC_NOT_FOUND", "Rubric not found.", 404);
