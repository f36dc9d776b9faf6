import { createErrorFactory } from "../../lib/errors.ts";

export const createConversionNotFoundError = createErrorFactory(
  "CONVERSION_NOT_FOUND",
  "Conversion not found.",
  404,
);
