import { INTEGRATION_MESSAGES } from "#shared/schemas/integrations.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createConnectionNotFoundError = createErrorFactory({
  code: "CONNECTION_NOT_FOUND",
  message: INTEGRATION_MESSAGES.notFound,
  statusCode: 404,
});
export const createAlreadyConnectedError = createErrorFactory({
  code: "ALREADY_CONNECTED",
  message: INTEGRATION_MESSAGES.alreadyConnected,
  statusCode: 409,
});
export const createUnknownIntegrationError = createErrorFactory({
  code: "VALIDATION_ERROR",
  message: INTEGRATION_MESSAGES.unknown,
  statusCode: 400,
});
export const createApiKeyRequiredError = createErrorFactory({
  code: "VALIDATION_ERROR",
  message: INTEGRATION_MESSAGES.apiKeyRequired,
  statusCode: 400,
});
