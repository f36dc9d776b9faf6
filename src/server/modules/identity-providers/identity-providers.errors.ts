import { IDENTITY_PROVIDER_MESSAGES } from "#shared/schemas/identity-providers.ts";
import { SSO_MESSAGES } from "#shared/sso.ts";
import { createErrorFactory } from "../../lib/errors.ts";

export const createProviderNotFoundError = createErrorFactory(
  "IDENTITY_PROVIDER_NOT_FOUND",
  IDENTITY_PROVIDER_MESSAGES.notFound,
  404,
);
export const createKindFixedError = createErrorFactory(
  "IDENTITY_PROVIDER_KIND_FIXED",
  IDENTITY_PROVIDER_MESSAGES.kindFixed,
  400,
);
export const createClientSecretRequiredError = createErrorFactory(
  "CLIENT_SECRET_REQUIRED",
  IDENTITY_PROVIDER_MESSAGES.clientSecretRequired,
  400,
);
export const createDiscoveryFailedError = createErrorFactory(
  "OIDC_DISCOVERY_FAILED",
  IDENTITY_PROVIDER_MESSAGES.discoveryFailed,
  400,
);
export const createTestExpiredError = createErrorFactory(
  "SSO_TEST_EXPIRED",
  IDENTITY_PROVIDER_MESSAGES.testExpired,
  400,
);
export const createCodeExpiredError = createErrorFactory("SSO_CODE_EXPIRED", SSO_MESSAGES.codeExpired, 400);
export const createNoProviderForDomainError = createErrorFactory(
  "SSO_NO_PROVIDER",
  "No institution sign-in is set up for this e-mail address.",
  404,
);
