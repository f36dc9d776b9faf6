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
const toolAddressesSchema = z.object({
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
  tool: toolAddressesSchema,
});
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;

export const ltiPlatformListSchema = z.object({ platforms: z.array(ltiPlatformSchema) });

// A project's LMS links, its roster sync (NRPS) and its grades (AGS): the project owner's calls.

export const LTI_SERVICE_MESSAGES = {
  /** Followed by what went wrong (the LMS's status, or that it could not be reached). */
  rosterUnreadable: "The LMS roster could not be read: ",
  noRoster: "None of this project's LMS courses offers its roster.",
  noGrades: "None of this project's LMS links has a grade column to send scores to.",
} as const;

/** A student who was not enrolled from the LMS's roster, and why. */
export const ltiSkippedMemberSchema = z.object({ name: z.string(), reason: z.string() });

/** A practice score the LMS did not take: the student, and the LMS's answer. */
export const ltiFailedScoreSchema = z.object({ name: z.string(), detail: z.string() });

/** One resource link of an LMS course linked to the project (GET /api/projects/:id/lti). */
export const ltiProjectLinkSchema = z.object({
  id: z.string(),
  /** The LMS: its issuer and the institution it was registered for. */
  issuer: z.string(),
  institution: z.string(),
  courseTitle: z.string().nullable(),
  /** Whether the course's roster (NRPS) and a grade column (AGS) are available. */
  rosterAvailable: z.boolean(),
  gradesAvailable: z.boolean(),
  /** The last roster sync of the link's course by this server (manual or daily); null: none since it started. */
  rosterSyncedAt: isoDateTime.nullable(),
  /** The last score the LMS took for this link. */
  gradesSentAt: isoDateTime.nullable(),
  failedScores: z.array(ltiFailedScoreSchema.extend({ attemptedAt: isoDateTime })),
});
export type LtiProjectLink = z.infer<typeof ltiProjectLinkSchema>;

export const ltiProjectLinksSchema = z.object({ links: z.array(ltiProjectLinkSchema) });
export type LtiProjectLinks = z.infer<typeof ltiProjectLinksSchema>;

/** POST /api/projects/:id/lti/roster-sync */
export const ltiRosterSyncSchema = z.object({
  added: z.number(),
  removed: z.number(),
  skipped: z.array(ltiSkippedMemberSchema),
  syncedAt: isoDateTime,
});
export type LtiRosterSync = z.infer<typeof ltiRosterSyncSchema>;

/** POST /api/projects/:id/lti/grades: scores sent, refused (with why), and students with no LMS account. */
export const ltiGradeSendSchema = z.object({
  sent: z.number(),
  failed: z.array(ltiFailedScoreSchema),
  skipped: z.number(),
});
export type LtiGradeSend = z.infer<typeof ltiGradeSendSchema>;
