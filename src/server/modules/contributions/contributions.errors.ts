import { CONTRIBUTION_MESSAGES } from "#shared/schemas/contributions.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createInvalidContributionLinkError = createErrorFactory({
  code: "INVALID_CONTRIBUTION_LINK",
  message: CONTRIBUTION_MESSAGES.invalidLink,
  statusCode: 404,
});
export const createContributionNotFoundError = createErrorFactory({
  code: "CONTRIBUTION_NOT_FOUND",
  message: "Contribution not found.",
  statusCode: 404,
});
/** The project a signed-in contribution names: unknown, or neither the caller's nor opened by a token. */
export const createContributionProjectNotFoundError = createErrorFactory({
  code: "PROJECT_NOT_FOUND",
  message: "Project not found.",
  statusCode: 404,
});
