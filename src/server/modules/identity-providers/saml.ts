import { type CacheProvider, SAML, ValidateInResponseTo } from "@node-saml/node-saml";
import { SSO_CLOCK_SKEW_MS } from "#shared/sso.ts";

export interface SamlProvider {
  entryPoint: string;
  idpIssuer: string;
  idpCertificate: string;
}

export interface SamlAddresses {
  entityId: string;
  acsUrl: string;
}

/** Requests kept by node-saml go nowhere: the flow table keeps them (sso.service.ts). */
const noRequests = (
  remember: (requestId: string) => void = () => undefined,
  expected?: string,
): CacheProvider => ({
  saveAsync: async (key, value) => {
    remember(key);
    return { value, createdAt: Date.now() };
  },
  // node-saml reads the value as the time the request was made; the flow's own expiry was checked.
  getAsync: async (key) => (key === expected ? new Date().toISOString() : null),
  removeAsync: async () => null,
});

function serviceProvider(provider: SamlProvider, addresses: SamlAddresses, cacheProvider: CacheProvider) {
  return new SAML({
    entryPoint: provider.entryPoint,
    idpCert: provider.idpCertificate,
    idpIssuer: provider.idpIssuer,
    issuer: addresses.entityId,
    audience: addresses.entityId,
    callbackUrl: addresses.acsUrl,
    // The assertion must be signed by the provider's certificate; a signed response alone is not asked.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SSO_CLOCK_SKEW_MS,
    // Only answers to a request started here (no unsolicited responses), each answered once.
    validateInResponseTo: ValidateInResponseTo.always,
    cacheProvider,
    disableRequestedAuthnContext: true,
  });
}

/** The AuthnRequest (HTTP-Redirect binding) and its ID, which the response must answer. */
export async function authnRequest(provider: SamlProvider, addresses: SamlAddresses, relayState: string) {
  let requestId: string | undefined;
  const saml = serviceProvider(
    provider,
    addresses,
    noRequests((id) => (requestId = id)),
  );
  const url = await saml.getAuthorizeUrlAsync(relayState, undefined, {});
  if (!requestId) throw new Error("node-saml made no request id");
  return { url, requestId };
}

/**
 * Validates a response posted to the assertion consumer service: the assertion's signature by the
 * provider's certificate, the issuer, audience, recipient, validity window (2 minutes of skew) and
 * that it answers `requestId`. Returns the NameID and the attributes.
 */
export async function validateResponse(
  provider: SamlProvider,
  addresses: SamlAddresses,
  samlResponse: string,
  requestId: string,
): Promise<{ nameId: string; attributes: Record<string, unknown> }> {
  const saml = serviceProvider(provider, addresses, noRequests(undefined, requestId));
  const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile) throw new Error("The response carries no assertion");
  if (profile.issuer !== provider.idpIssuer) throw new Error("The assertion's issuer is not the provider's");
  if (profile.inResponseTo !== requestId) throw new Error("The response answers another request");
  return { nameId: profile.nameID, attributes: { ...(profile.attributes as Record<string, unknown>) } };
}

/** The service provider's metadata XML, for the identity provider's administrator. */
export const serviceProviderMetadata = (provider: SamlProvider, addresses: SamlAddresses) =>
  serviceProvider(provider, addresses, noRequests()).generateServiceProviderMetadata(null, null);
