import { createErrorFactory } from "../../lib/errors.ts";

export const createConversionNotFoundError = createErrorFactory({
  code: "CONVERSION_NOT_FOUND",
  message: "Conversion not found.",
  statusCode: 404,
});
