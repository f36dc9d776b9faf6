import { LTI_MESSAGES } from "#shared/schemas/lti.ts";
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
