import { SETTINGS_MESSAGES } from "#shared/schemas/settings.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createNoKeyToTestError = createErrorFactory(
  "NO_KEY_TO_TEST",
  SETTINGS_MESSAGES.keyTooShortToTest,
  400,
);
