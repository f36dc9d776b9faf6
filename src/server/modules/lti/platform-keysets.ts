import type { JWTPayload } from "jose";
import { LtiRefusal } from "./lti-refusals.ts";
import { TOOL_USER_AGENT } from "./tool-user-agent.ts";

const KEYSET_TIMEOUT_MS = 5000;

/** jose's errors that say the token is wrong, as opposed to its keyset being out of reach. */
const TOKEN_ERRORS = new Set([
  "ERR_JWS_INVALID",
  "ERR_JWT_INVALID",
  "ERR_JWS_SIGNATURE_VERIFICATION_FAILED",
  "ERR_JWT_EXPIRED",
  "ERR_JWT_CLAIM_VALIDATION_FAILED",
  "ERR_JWKS_NO_MATCHING_KEY",
  "ERR_JWKS_MULTIPLE_MATCHING_KEYS",
  "ERR_JOSE_ALG_NOT_ALLOWED",
  "ERR_JOSE_NOT_SUPPORTED",
]);

/**
 * The platforms' keysets, fetched by jose and cached per keyset URL (jose refetches when a token
 * names a key it has not seen, so a platform's key rotation needs nothing here).
 */
export function createPlatformKeysets() {
  const jose = import("jose");
  const keysets = new Map<string, ReturnType<Awaited<typeof jose>["createRemoteJWKSet"]>>();

  return {
    /** The id_token's claims once its signature, issuer, audience and times hold; else a refusal. */
    async verify(
      idToken: string,
      expected: { keysetUrl: string; issuer: string; clientId: string },
    ): Promise<JWTPayload> {
      const { createRemoteJWKSet, jwtVerify } = await jose;
      let keyset = keysets.get(expected.keysetUrl);
      if (!keyset) {
        keyset = createRemoteJWKSet(new URL(expected.keysetUrl), {
          timeoutDuration: KEYSET_TIMEOUT_MS,
          headers: { "user-agent": TOOL_USER_AGENT },
        });
        keysets.set(expected.keysetUrl, keyset);
      }
      try {
        const { payload } = await jwtVerify(idToken, keyset, {
          issuer: expected.issuer,
          audience: expected.clientId,
          algorithms: ["RS256", "RS384", "RS512", "ES256", "PS256"],
          clockTolerance: 60,
          requiredClaims: ["exp", "iat", "sub", "nonce"],
        });
        return payload;
      } catch (error) {
        const code = (error as { code?: string }).code ?? "";
        if (TOKEN_ERRORS.has(code)) throw new LtiRefusal("invalidToken", (error as Error).message);
        throw new LtiRefusal("keyset", (error as Error).message);
      }
    },
  };
}

export type PlatformKeysets = ReturnType<typeof createPlatformKeysets>;
