import { z } from "zod";

// The LMS bridge (LTI 1.3): what the tool publishes and the super admin's calls.

/** GET /lti/jwks: the tool's public keys (JWK), which platforms verify its signatures with. */
export const ltiJwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/** POST /api/admin/lti/keys/rotate: the new signing key's id. */
export const ltiKeyRotationSchema = z.object({ kid: z.string() });
