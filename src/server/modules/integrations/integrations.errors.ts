import { INTEGRATION_MESSAGES } from "#shared/domain/integrations.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createConnectionNotFoundError = createErrorFactory(
  "CONNECTION_NOT_FOUND",
  INTEGRATION_MESSAGES.notFound,
  404,
);
export const createAlreadyConnectedError = createErrorFactory(
  "ALREADY_CONNECTED",
  INTEGRATION_MESSAGES.alreadyConnected,
  409,
);
export const createUnknownIntegrationError = createErrorFactory(
  "VALIDATION_ERROR",
  INTEGRATION_MESSAGES.unknown,
  400,
);
export const createApiKeyRequiredError = createErrorFactory(
  "VALIDATION_ERROR",
  INTEGRATION_MESSAGES.apiKeyRequired,
  400,
);
