import { LTI_MESSAGES, LTI_SERVICE_MESSAGES } from "#shared/schemas/lti.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createPlatformNotFoundError = createErrorFactory(
  "LTI_PLATFORM_NOT_FOUND",
  LTI_MESSAGES.platformNotFound,
  404,
);
export const createPlatformTakenError = createErrorFactory(
  "LTI_PLATFORM_TAKEN",
  LTI_MESSAGES.platformTaken,
  409,
);

/** The membership service refused or could not be reached: nothing was changed. */
export const createRosterUnreadableError = createErrorFactory(
  "LTI_ROSTER_UNREADABLE",
  LTI_SERVICE_MESSAGES.rosterUnreadable,
  502,
);
export const createNoRosterError = createErrorFactory("LTI_NO_ROSTER", LTI_SERVICE_MESSAGES.noRoster, 409);
export const createNoGradesError = createErrorFactory("LTI_NO_GRADES", LTI_SERVICE_MESSAGES.noGrades, 409);
