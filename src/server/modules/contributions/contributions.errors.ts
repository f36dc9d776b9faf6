import { CONTRIBUTION_MESSAGES } from "#shared/schemas/contributions.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createInvalidContributionLinkError = createErrorFactory(
  "INVALID_CONTRIBUTION_LINK",
  CONTRIBUTION_MESSAGES.invalidLink,
  404,
);
export const createContributionNotFoundError = createErrorFactory(
  "CONTRIBUTION_NOT_FOUND",
  "Contribution not found.",
  404,
);
/** The project a signed-in contribution names: unknown, or neither the caller's nor opened by a token. */
export const createContributionProjectNotFoundError = createErrorFactory(
  "PROJECT_NOT_FOUND",
  "Project not found.",
  404,
);
