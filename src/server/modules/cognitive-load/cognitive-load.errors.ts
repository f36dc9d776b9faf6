import { COGNITIVE_LOAD_MESSAGES } from "#shared/schemas/cognitive-load.ts";
import { PACING_MESSAGES } from "#shared/schemas/cognitive-load-pacing.ts";
import { CONTRIBUTION_MESSAGES } from "#shared/schemas/contributions.ts";
import { createErrorFactory } from "../../lib/errors.ts";

/** The public check-in's token is not a current contribution link (the same answer as contributions). */
export const createInvalidCheckInLinkError = createErrorFactory(
  "INVALID_CONTRIBUTION_LINK",
  CONTRIBUTION_MESSAGES.invalidLink,
  404,
);
/** Unknown, or another instructor's: the same 404 (ARCHITECTURE: owner routes). */
export const createCheckInProjectNotFoundError = createErrorFactory(
  "PROJECT_NOT_FOUND",
  COGNITIVE_LOAD_MESSAGES.projectNotFound,
  404,
);
/** The CSV export of a slice with fewer than 3 check-ins (privacy). */
export const createTooFewToExportError = (responses: number) =>
  createErrorFactory("NOT_ENOUGH_RESPONSES", COGNITIVE_LOAD_MESSAGES.notEnoughToExport(responses), 409)();

/** Applying an action the project's suggestions do not offer now (stale screen, forged body). */
export const createActionNotOfferedError = createErrorFactory(
  "PACING_ACTION_NOT_OFFERED",
  PACING_MESSAGES.actionNotOffered,
  409,
);
/** The suggestions switch is off for the project: nothing can be applied from them. */
export const createSuggestionsOffError = createErrorFactory(
  "PACING_SUGGESTIONS_OFF",
  PACING_MESSAGES.suggestionsOff,
  409,
);
export const createAlreadyAppliedError = createErrorFactory(
  "PACING_ALREADY_APPLIED",
  PACING_MESSAGES.alreadyApplied,
  409,
);
/** Unknown, or another project's applied action. */
export const createAppliedActionNotFoundError = createErrorFactory(
  "PACING_ACTION_NOT_FOUND",
  PACING_MESSAGES.actionNotFound,
  404,
);
