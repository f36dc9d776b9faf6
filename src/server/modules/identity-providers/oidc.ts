import * as client from "openid-client";

/** What OpenID Connect discovery and the code exchange need of a provider. */
export interface OidcProvider {
  id: string;
  updatedAt: Date;
  issuer: string;
  clientId: string;
}

/** Seconds a request to the provider (discovery, token, userinfo) may take. */
const REQUEST_TIMEOUT_SECONDS = 10;

/** Plain http is only accepted for a provider on this machine (tests, a local Keycloak). */
const isLoopback = (url: URL) => ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);

/**
 * The provider's configuration through discovery (`/.well-known/openid-configuration`), kept per
 * provider until it changes; a failed discovery is not kept, so the next sign-in tries again.
 */
export class OidcConfigurations {
  readonly #cache = new Map<string, { version: string; configuration: Promise<client.Configuration> }>();

  get(provider: OidcProvider, clientSecret: string): Promise<client.Configuration> {
    const version = `${provider.updatedAt.getTime()}`;
    const cached = this.#cache.get(provider.id);
    if (cached?.version === version) return cached.configuration;
    const configuration = discover(provider, clientSecret);
    this.#cache.set(provider.id, { version, configuration });
    configuration.catch(() => {
      if (this.#cache.get(provider.id)?.configuration === configuration) this.#cache.delete(provider.id);
    });
    return configuration;
  }

  forget(providerId: string): void {
    this.#cache.delete(providerId);
  }
}

export async function discover(provider: Omit<OidcProvider, "id" | "updatedAt">, clientSecret: string) {
  const issuer = new URL(provider.issuer);
  const configuration = await client.discovery(
    issuer,
    provider.clientId,
    clientSecret,
    undefined,
    isLoopback(issuer)
      ? { execute: [client.allowInsecureRequests], timeout: REQUEST_TIMEOUT_SECONDS }
      : { timeout: REQUEST_TIMEOUT_SECONDS },
  );
  configuration.timeout = REQUEST_TIMEOUT_SECONDS;
  return configuration;
}

export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The authorization request: code flow with PKCE (S256), a state and a nonce. */
export async function authorizationRequest(configuration: client.Configuration, redirectUri: string) {
  const checks: OidcChecks = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    response_type: "code",
    code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: "S256",
    state: checks.state,
    nonce: checks.nonce,
  });
  return { url: url.href, checks };
}

/**
 * The callback: exchanges the code (checking state, nonce, PKCE, the ID token's signature, issuer,
 * audience and times) and returns the ID token's claims, completed from userinfo when the token
 * carries no e-mail.
 */
export async function finishAuthorization(
  configuration: client.Configuration,
  callbackUrl: URL,
  checks: OidcChecks,
): Promise<Record<string, unknown>> {
  const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error("The provider returned no ID token");
  if (claims.email || !configuration.serverMetadata().userinfo_endpoint) return { ...claims };
  const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
  return { ...userinfo, ...claims, email: userinfo.email, email_verified: userinfo.email_verified };
}

/** Whether a failure came from the provider being out of reach rather than from its answer. */
export const isUnreachable = (error: unknown) =>
  error instanceof TypeError ||
  (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError"));

export const isProviderRefusal = (error: unknown) => error instanceof client.AuthorizationResponseError;
