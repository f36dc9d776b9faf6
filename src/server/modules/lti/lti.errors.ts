import { LTI_MESSAGES, LTI_REGISTRATION_MESSAGES, LTI_SERVICE_MESSAGES } from "#shared/schemas/lti.ts";
import { type AppError, createErrorFactory, isAppError } from "../../lib/errors.ts";

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
export const createLaunchExpiredError = createErrorFactory(
  "LTI_LAUNCH_EXPIRED",
  LTI_MESSAGES.launchExpired,
  404,
);
export const createLtiProjectNotFoundError = createErrorFactory(
  "LTI_PROJECT_NOT_FOUND",
  LTI_MESSAGES.projectNotFound,
  404,
);

// Dynamic registration's refusals, answered as a plain page in the LMS: 400 for what the caller
// sent (the invitation, the configuration address), 502 for what the LMS answered.
export const createRegistrationInvitationInvalidError = createErrorFactory(
  "LTI_REGISTRATION_INVITATION_INVALID",
  LTI_REGISTRATION_MESSAGES.invitationInvalid,
  400,
);
export const createRegistrationRequestInvalidError = createErrorFactory(
  "LTI_REGISTRATION_REQUEST_INVALID",
  LTI_REGISTRATION_MESSAGES.requestInvalid,
  400,
);
export const createRegistrationIssuerMismatchError = createErrorFactory(
  "LTI_REGISTRATION_ISSUER_MISMATCH",
  LTI_REGISTRATION_MESSAGES.issuerMismatch,
  400,
);
export const createRegistrationOtherInstitutionError = createErrorFactory(
  "LTI_REGISTRATION_OTHER_INSTITUTION",
  LTI_REGISTRATION_MESSAGES.otherInstitution,
  409,
);
export const createRegistrationConfigurationError = createErrorFactory(
  "LTI_REGISTRATION_CONFIGURATION_FAILED",
  LTI_REGISTRATION_MESSAGES.configurationUnreachable,
  502,
);
export const createRegistrationRefusedError = createErrorFactory(
  "LTI_REGISTRATION_REFUSED",
  LTI_REGISTRATION_MESSAGES.registrationRefused,
  502,
);

/** Whether an error is one of dynamic registration's refusals (a page, not a JSON error). */
export const isRegistrationRefusal = (error: unknown): error is AppError =>
  isAppError(error) && error.code.startsWith("LTI_REGISTRATION_");

/** The membership service refused or could not be reached: nothing was changed. */
export const createRosterUnreadableError = createErrorFactory(
  "LTI_ROSTER_UNREADABLE",
  LTI_SERVICE_MESSAGES.rosterUnreadable,
  502,
);
export const createNoRosterError = createErrorFactory("LTI_NO_ROSTER", LTI_SERVICE_MESSAGES.noRoster, 409);
export const createNoGradesError = createErrorFactory("LTI_NO_GRADES", LTI_SERVICE_MESSAGES.noGrades, 409);
