import { z } from "zod";
import { isoDateTime, text } from "./common.ts";

// The LMS bridge (LTI 1.3): what the tool publishes and the super admin's calls.

/** GET /lti/jwks: the tool's public keys (JWK), which platforms verify its signatures with. */
export const ltiJwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/** POST /api/admin/lti/keys/rotate: the new signing key's id. */
export const ltiKeyRotationSchema = z.object({ kid: z.string() });

export const LTI_MESSAGES = {
  platformNotFound: "LMS platform not found",
  platformTaken: "A platform with this issuer and client ID is already registered",
} as const;

const requiredText = (label: string, max: number) =>
  text(label).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

const address = (label: string) =>
  requiredText(label, 2000).refine(
    (value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol),
    `${label} must be an http:// or https:// address`,
  );

/** POST /api/admin/lti/platforms, PUT /api/admin/lti/platforms/:id: a platform as its LMS describes it. */
export const ltiPlatformInputSchema = z.strictObject({
  issuer: address("Issuer"),
  clientId: requiredText("Client ID", 300),
  authLoginUrl: address("Authentication request URL"),
  authTokenUrl: address("Access token URL"),
  keysetUrl: address("Keyset URL"),
  deploymentIds: z
    .array(requiredText("Deployment ID", 255), { error: "Deployment IDs must be a list" })
    .min(1, "Add at least one deployment ID")
    .max(50, "At most 50 deployment IDs"),
  institution: requiredText("Institution", 160),
});
export type LtiPlatformInput = z.infer<typeof ltiPlatformInputSchema>;

export const ltiPlatformParams = z.object({ id: z.uuid({ error: LTI_MESSAGES.platformNotFound }) });

/** What the LMS's administrator enters on their side, and Canvas's developer key JSON. */
export const ltiToolAddressesSchema = z.object({
  jwksUrl: z.string(),
  loginUrl: z.string(),
  launchUrl: z.string(),
  deepLinkingUrl: z.string(),
  canvasConfiguration: z.record(z.string(), z.unknown()),
});

export const ltiPlatformSchema = z.object({
  id: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  authLoginUrl: z.string(),
  authTokenUrl: z.string(),
  keysetUrl: z.string(),
  deploymentIds: z.array(z.string()),
  institution: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  tool: ltiToolAddressesSchema,
});
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;

export type LtiToolAddresses = z.infer<typeof ltiToolAddressesSchema>;

/** GET /api/admin/lti/platforms: the platforms, and the tool's addresses even before the first one. */
export const ltiPlatformListSchema = z.object({
  platforms: z.array(ltiPlatformSchema),
  tool: ltiToolAddressesSchema,
});
