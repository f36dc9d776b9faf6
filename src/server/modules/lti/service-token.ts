import { randomUUID } from "node:crypto";
import type { LtiPlatformRow } from "./lti.table.ts";
import { PlatformCallError, platformFetch } from "./lti-http.ts";
import type { ToolKeys } from "./tool-keys.ts";

/** LTI Advantage scopes the services ask for. */
export const LTI_SCOPES = {
  memberships: "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
  score: "https://purl.imsglobal.org/spec/lti-ags/scope/score",
} as const;

const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
/** The assertion's lifetime (security framework §4.1: short-lived). */
const ASSERTION_SECONDS = 5 * 60;
/** A cached token is dropped this long before the platform said it expires. */
const EXPIRY_MARGIN_MS = 60_000;

const loadJose = () => import("jose");

interface CachedToken {
  token: Promise<string>;
  /** The token once the platform gave it. */
  value?: string;
  /** Real time (ms) after which the token is asked again; Infinity while the request runs. */
  until: number;
}

/**
 * Access tokens for a platform's services (LTI Advantage security framework §4.1): the
 * client-credentials grant with a JWT assertion signed by the tool's key (iss = sub = client id,
 * aud = the platform's token URL), kept in memory per platform and scopes until a minute before
 * they expire. The assertion's times are real time, not the app's clock: the platform checks them.
 */
export function createServiceTokens(deps: { keys: ToolKeys; nowMs?: () => number }) {
  const { keys } = deps;
  const nowMs = deps.nowMs ?? Date.now;
  const cache = new Map<string, CachedToken>();

  async function assertion(platform: LtiPlatformRow): Promise<string> {
    const { SignJWT } = await loadJose();
    const { kid, privateKey } = await keys.signingKey();
    const issuedAt = Math.floor(nowMs() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer(platform.clientId)
      .setSubject(platform.clientId)
      .setAudience(platform.authTokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_SECONDS)
      .setJti(randomUUID())
      .sign(privateKey);
  }

  async function request(platform: LtiPlatformRow, scope: string, entry: CachedToken): Promise<string> {
    const response = await platformFetch(platform.authTokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_assertion_type: ASSERTION_TYPE,
        client_assertion: await assertion(platform),
        scope,
      }).toString(),
    });
    const answer = (await response.json().catch(() => ({}))) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof answer.access_token !== "string" || answer.access_token === "") {
      throw new PlatformCallError(response.status, "the token endpoint gave no access_token");
    }
    const lifetimeSeconds = typeof answer.expires_in === "number" ? answer.expires_in : 3600;
    entry.until = nowMs() + lifetimeSeconds * 1000 - EXPIRY_MARGIN_MS;
    entry.value = answer.access_token;
    return answer.access_token;
  }

  const scopeOf = (scopes: readonly string[]) => [...new Set(scopes)].sort().join(" ");
  const keyOf = (platform: LtiPlatformRow, scope: string) =>
    `${platform.id} ${platform.clientId} ${platform.authTokenUrl} ${scope}`;

  /** A bearer token for `scopes` on the platform: the cached one, or a new one (one request at a time per key). */
  function token(platform: LtiPlatformRow, scopes: readonly string[]): Promise<string> {
    const scope = scopeOf(scopes);
    const key = keyOf(platform, scope);
    const cached = cache.get(key);
    if (cached && cached.until > nowMs()) return cached.token;
    const entry: CachedToken = { token: Promise.resolve(""), until: Number.POSITIVE_INFINITY };
    entry.token = request(platform, scope, entry).catch((error: unknown) => {
      if (cache.get(key) === entry) cache.delete(key);
      throw error;
    });
    cache.set(key, entry);
    return entry.token;
  }

  return {
    token,

    /**
     * A new token in place of `stale`, which the platform refused (401) before it expired (it was
     * revoked, or the platform restarted): calls that find it refused together share one new token.
     */
    renew(platform: LtiPlatformRow, scopes: readonly string[], stale: string): Promise<string> {
      const key = keyOf(platform, scopeOf(scopes));
      if (cache.get(key)?.value === stale) cache.delete(key);
      return token(platform, scopes);
    },
  };
}

export type ServiceTokens = ReturnType<typeof createServiceTokens>;

/** `call` with a token for `scopes`; when the platform refuses it (401), once more with a new one. */
export async function withServiceToken<T>(
  tokens: ServiceTokens,
  platform: LtiPlatformRow,
  scopes: readonly string[],
  call: (token: string) => Promise<T>,
): Promise<T> {
  const first = await tokens.token(platform, scopes);
  try {
    return await call(first);
  } catch (error) {
    if (!(error instanceof PlatformCallError) || error.status !== 401) throw error;
    return call(await tokens.renew(platform, scopes, first));
  }
}
