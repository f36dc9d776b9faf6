import { SETTINGS_MESSAGES } from "#shared/schemas/settings.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createNoKeyToTestError = createErrorFactory({
  code: "NO_KEY_TO_TEST",
  message: SETTINGS_MESSAGES.keyTooShortToTest,
  statusCode: 400,
});
